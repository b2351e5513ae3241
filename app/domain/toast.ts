// A one-time message shown after a redirect (the flash cookie of app/services/flash.server.ts),
// rendered by app/components/toaster.tsx.
export interface Toast {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}
