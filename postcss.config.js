// Tailwind through PostCSS, as Vite runs it for every imported stylesheet.
export default { plugins: { tailwindcss: {} } };
