import { createElement } from "react";
import HandHeart from "lucide-react/dist/esm/icons/hand-heart.js";
import Heart from "lucide-react/dist/esm/icons/heart.js";
import House from "lucide-react/dist/esm/icons/house.js";
import Laptop from "lucide-react/dist/esm/icons/laptop.js";
import Leaf from "lucide-react/dist/esm/icons/leaf.js";
import Music from "lucide-react/dist/esm/icons/music.js";
import ShoppingCart from "lucide-react/dist/esm/icons/shopping-cart.js";
import Sun from "lucide-react/dist/esm/icons/sun.js";
import type { LucideIcon } from "lucide-react";

// Service categories store an icon name (admins pick one); only these are drawn. An unknown name
// falls back to the shopping cart rather than breaking the page.
const icons: Record<string, LucideIcon> = {
  ShoppingCart,
  Music,
  Heart,
  Home: House,
  House,
  Sun,
  Leaf,
  Laptop,
  HandHeart,
};

/** The icon names a service category may store. */
export const SERVICE_ICON_NAMES: readonly string[] = Object.keys(icons);

export function serviceIcon(name: string | null | undefined): LucideIcon {
  return (name && icons[name]) || ShoppingCart;
}

/** A decorative icon: the service name next to it carries the meaning. */
export function ServiceIcon({ name, className = "h-8 w-8" }: { name: string | null | undefined; className?: string }) {
  return createElement(serviceIcon(name), { "aria-hidden": true, focusable: false, className });
}
