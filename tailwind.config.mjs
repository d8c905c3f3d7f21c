/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,html,js,jsx,ts,tsx,md,mdx}'],
  theme: {
    extend: {
      colors: {
        navy: { DEFAULT: '#0b1f3a', light: '#13294b', dark: '#071426' },
      },
      screens: {
        // docs/product.md, "Header and footer": Log in leaves the header below 480 px; the menu collapses below 900 px.
        xs: '480px',
        nav: '900px',
      },
    },
  },
  plugins: [],
};
