import { afterAll, beforeAll } from "vitest";
import { setUpTestDatabase, tearDownTestDatabase } from "./database";

beforeAll(async () => {
  await setUpTestDatabase();
});

afterAll(async () => {
  await tearDownTestDatabase();
});
