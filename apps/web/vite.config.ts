import fs from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const { version } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    // Few modules, not ~50: Chrome took one 25 ms task here (~100 ms of Lighthouse's phone) to link ~50 small
    // modules. React and React Router in one chunk, the shop's code shared by two or more routes in another;
    // each route keeps what only it uses.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'shop',
              test: /[\\/](apps[\\/]web[\\/]app|packages)[\\/]/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // The build's version for analytics and error reports (§7): the package version and when it was built.
  define: { __APP_VERSION__: JSON.stringify(`${version}+${Date.now().toString(36)}`) },
});
