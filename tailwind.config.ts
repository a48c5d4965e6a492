import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: { sm: "320px", md: "768px", lg: "1024px", xl: "1440px" },
    extend: {
      // The brand for surfaces, its ink for text and control borders on white, and the text on it (app/theme.ts).
      colors: { brand: { DEFAULT: "var(--brand)", ink: "var(--brand-ink)", on: "var(--on-brand)" } },
      // The tenant's font stack where it names one (app/theme.ts), else the system's (styles/tailwind.css).
      fontFamily: { sans: "var(--font-sans)" },
      // Small text keeps a line height of 1.5 too (WCAG 1.4.8, AAA), as the body's.
      fontSize: { xs: ["0.75rem", { lineHeight: "1.5" }], sm: ["0.875rem", { lineHeight: "1.5" }] },
    },
  },
} satisfies Config;
