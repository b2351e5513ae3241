// What every "Hallitse varausta" page says in its <head> (docs/decisions/0030): no search engine
// keeps it and no referrer leaves it (the header says so too; this is for the browsers that read
// only the meta element).
export function managePageMeta(title: string) {
  return [
    { title },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}
