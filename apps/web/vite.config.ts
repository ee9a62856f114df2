import fs from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const { version } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022', cssCodeSplit: false },
  // The build's version for analytics and error reports (§7): the package version and when it was built.
  define: { __APP_VERSION__: JSON.stringify(`${version}+${Date.now().toString(36)}`) },
});
