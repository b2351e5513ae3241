import { createElement } from "react";
import { HandHeart, Heart, House, Laptop, Leaf, Music, ShoppingCart, Sun, type LucideIcon } from "lucide-react";

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
