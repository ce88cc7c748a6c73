// Draws the PNG icons of crowns serve (src/serve/web/icon-*.png: the home-screen icons a phone
// asks for, which browsers do not take as SVG) from src/serve/web/icon.svg, with Debian's
// headless Chromium. The PNGs are committed and embedded at build time like the other web
// files; run this again after changing icon.svg:
//   (cd tests/browser && npm ci) && NODE_PATH=tests/browser/node_modules node scripts/make_icons.js
// icon-192.png and icon-512.png are the icon as it is (rounded corners); icon-180.png (the
// apple-touch-icon) and icon-maskable-512.png fill the whole square, since iOS and Android's
// masks round the corners themselves (a maskable icon keeps its drawing in the middle 80%).
'use strict';
const puppeteer = require('puppeteer-core');
const fs = require('fs');
const path = require('path');

const web = path.join(__dirname, '..', 'src', 'serve', 'web');
const svg = fs.readFileSync(path.join(web, 'icon.svg'), 'utf8');
const square = svg.replace(' rx="12"', '');
// The drawing shrunk to 80% in the middle of the full square: what a maskable icon keeps.
const maskable = square.replace(/(<rect width="64" height="64"[^>]*\/>)(.*)<\/svg>/,
  '$1<g transform="translate(6.4 6.4) scale(.8)">$2</g></svg>');
const icons = [['icon-192.png', svg, 192], ['icon-512.png', svg, 512],
  ['icon-180.png', square, 180], ['icon-maskable-512.png', maskable, 512]];

(async () => {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  for (const [name, source, size] of icons) {
    await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(web, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(name);
  }
  await browser.close();
})();
