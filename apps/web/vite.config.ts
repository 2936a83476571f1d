import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// API_PORT lets several dev servers run side by side.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * sonner writes its stylesheet into a <style> element when it loads, which the page's Content-Security-Policy
 * refuses (styles come from our own files). Drop that call; providers.tsx imports the same CSS as a file.
 */
function sonnerCssAsFile(): Plugin {
  return {
    name: "sonner-css-as-file",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return;
      const stripped = code.replace(/^__insertCSS\((["'])[\s\S]*?\1\);$/m, "");
      if (stripped === code) this.error("sonner no longer calls __insertCSS: check how it loads its CSS");
      return { code: stripped, map: null };
    },
  };
}

/**
 * The app's module (main.tsx) is started by public/boot.js, which waits until the browser has painted the server-drawn
 * home: the module script Vite writes into index.html becomes a preload (for the other pages; the server takes the
 * preloads out of home) and boot.js (which also sets zod's jitless mode first, before any module).
 */
function appAfterFirstPaint(): Plugin {
  return {
    name: "app-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { filename, chunk }) {
        if (!chunk || !filename.endsWith("index.html")) return;
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
        if (!html.includes(tag)) throw new Error(`index.html no longer has ${tag}: see appAfterFirstPaint`);
        return html.replace(tag, `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n    <script defer src="/boot.js" data-app="/${chunk.fileName}"></script>`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [sonnerCssAsFile(), react(), tailwindcss(), appAfterFirstPaint()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/dev/mailbox": apiTarget },
  },
  // The server's drawing of home (`vite build --ssr src/entry-server.tsx`, into dist-ssr) takes no public files, and
  // bundles its packages: only what home uses is loaded into the server (not every icon and Radix part, ~55 MB).
  publicDir: isSsrBuild ? false : "public",
  ssr: { noExternal: true },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Every browser Meridian supports preloads modules itself: no polyfill script on every page.
    modulePreload: { polyfill: false },
    // Two pages: the app, and the guest's claim ticket (/t/<token>) on its own, small for a phone at the curb.
    rollupOptions: { input: { main: path.resolve(import.meta.dirname, "index.html"), claim: path.resolve(import.meta.dirname, "claim.html") } },
  },
}));
