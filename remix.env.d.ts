/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Icons are imported one file each, never through lucide-react's index: through the index, the
// browser build put every icon the app uses into one chunk that every page with JavaScript loaded
// (issue 15). The package ships no types for its files, so each is typed as what the index exports.
declare module "lucide-react/dist/esm/icons/*" {
  import type { LucideIcon } from "lucide-react";
  const icon: LucideIcon;
  export default icon;
}
