import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontSize: {
        // 18 px body text is the floor for our readers; everything scales from it.
        base: ["1.125rem", { lineHeight: "1.7" }],
      },
      colors: {
        brand: {
          50: "#eef7f4",
          100: "#d5ece4",
          600: "#1f6f5b",
          700: "#185a4a",
          800: "#124537",
          900: "#0c2f26",
        },
        accent: { 500: "#c2410c", 600: "#9a3412" },
      },
      minHeight: { target: "44px" },
      minWidth: { target: "44px" },
    },
  },
  plugins: [],
} satisfies Config;
