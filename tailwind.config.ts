import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: { sm: "320px", md: "768px", lg: "1024px", xl: "1440px" },
    extend: {
      colors: { brand: "var(--brand, #1f4e79)" },
    },
  },
} satisfies Config;
