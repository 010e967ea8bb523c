#!/usr/bin/env node
// check-report.js - open a report (an HTML file on disk) in headless
// Chromium and check what a reader would see:
//   - no console error, no uncaught exception, no error in the browser log;
//   - no request for anything but the file itself and data: URIs;
//   - every section named by --sections is there (<section data-section>);
//   - every table has rows, every picture (<img>, <svg> not inside another
//     <svg>, <canvas>) has a non-zero size and every <img> decoded;
//   - every table of every section the page has (found in the page, not
//     listed: a new section is checked as it comes), the full tables in
//     <details> opened, fits its box at the viewport's width and again laid
//     out for print (print media at the printed page's width, 7.7 in of a
//     Letter page less its margins: 739 px): the table's box does not scroll
//     (scrollWidth <= clientWidth: no overflow-x hiding columns) and the
//     table ends inside its section;
//   - every table of a section states its statistic once, in its caption
//     (<caption> ... <span class="stat">), and no column header states it
//     again ("95%", "CI]", "median", "mean", "±");
//   - with JavaScript disabled, the sections and the tables are all there;
//   - printed (--print OUT.pdf, print media): a PDF of one page or more;
//   - a screenshot (PNG) of the full page, or of one viewport's worth of it
//     (from the top, or from the element --at names: '#charts');
//   - --text FILE: every line of FILE is shown literally in the page's text
//     (white space runs taken as one space);
//   - --inert: the page holds no markup of its inputs, and none of their
//     script ran: no script, picture, frame, object, style, link or
//     event-handler attribute in the body, no link at all, and the page's
//     recorder (window.mzHits, an array that a test page defines in its
//     head and that a payload's mzPwned(...) call would fill) is there and
//     empty.
// Chromium is driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte, written on
// its fd 3 and read from its fd 4), so nothing but node itself is needed.
// Chromium runs in a process group of its own, killed whatever happens.
//
// Usage: node check-report.js --html FILE [--sections a,b,...]
//          [--screenshot OUT.png] [--viewport WxH] [--viewport-only]
//          [--at SELECTOR] [--print OUT.pdf] [--text FILE] [--inert]
//          [--timeout SECONDS] [--chromium PATH]
// Exit status: 0 every check passed, 1 a check failed (one line each on
// stderr) or Chromium failed, 2 bad usage.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

const NAME = 'check-report';

function usage(msg) {
  process.stderr.write(`${NAME}: ${msg}\n` +
    'usage: node check-report.js --html FILE [--sections a,b,...] [--screenshot OUT.png]\n' +
    '         [--viewport WxH] [--viewport-only] [--at SELECTOR] [--print OUT.pdf]\n' +
    '         [--text FILE] [--inert] [--timeout SECONDS] [--chromium PATH]\n');
  process.exit(2);
}

function parseArgs(argv) {
  const o = { sections: [], viewport: [1280, 900], viewportOnly: false, timeout: 25,
    chromium: process.env.CHROMIUM || 'chromium', screenshot: null, html: null, at: null, print: null,
    text: null, inert: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--html': o.html = val(); break;
      case '--sections': o.sections = val().split(',').filter((s) => s !== ''); break;
      case '--screenshot': o.screenshot = val(); break;
      case '--viewport': {
        const m = /^([0-9]{2,5})x([0-9]{2,5})$/.exec(val());
        if (!m) usage(`--viewport wants WxH, e.g. 1200x900`);
        o.viewport = [Number(m[1]), Number(m[2])];
        break;
      }
      case '--viewport-only': o.viewportOnly = true; break;
      case '--at': o.at = val(); o.viewportOnly = true; break;
      case '--print': o.print = val(); break;
      case '--text': o.text = val(); break;
      case '--inert': o.inert = true; break;
      case '--timeout': {
        o.timeout = Number(val());
        if (!(o.timeout > 0 && o.timeout <= 600)) usage('--timeout wants seconds, 1 to 600');
        break;
      }
      case '--chromium': o.chromium = val(); break;
      case '-h': case '--help':
        process.stdout.write('Open a report in headless Chromium and check it (see the top of this file).\n' +
          'usage: node check-report.js --html FILE [--sections a,b,...] [--screenshot OUT.png]\n' +
          '         [--viewport WxH] [--viewport-only] [--at SELECTOR] [--print OUT.pdf]\n' +
          '         [--text FILE] [--inert] [--timeout SECONDS] [--chromium PATH]\n');
        process.exit(0);
        break;
      default: usage(`unknown argument '${a}'`);
    }
  }
  if (!o.html) usage('--html FILE is required');
  if (!fs.existsSync(o.html)) usage(`'${o.html}' does not exist`);
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const fileUrl = pathToFileURL(path.resolve(opts.html)).href;
const failures = [];
const fail = (msg) => failures.push(msg);

// ---- Chromium ----

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mz-chromium-'));
const args = [
  '--headless=new', '--disable-gpu', '--remote-debugging-pipe',
  `--user-data-dir=${profile}`, '--no-first-run', '--no-default-browser-check',
  '--disable-extensions', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-default-apps', '--disable-dev-shm-usage', '--mute-audio',
  '--hide-scrollbars', '--metrics-recording-only', '--no-pings',
  '--allow-file-access-from-files', `--window-size=${opts.viewport[0]},${opts.viewport[1]}`,
];
if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
args.push('about:blank');

let child = null;
let stderrTail = '';
let finished = false;
function cleanup() {
  if (child && child.exitCode === null && child.signalCode === null) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch (e) { /* gone already */ }
    try { child.kill('SIGKILL'); } catch (e) { /* gone already */ }
  }
  try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* best effort */ }
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => { cleanup(); process.exit(1); });
}

function die(msg) {
  process.stderr.write(`${NAME}: ${msg}\n`);
  if (stderrTail) process.stderr.write(`${NAME}: chromium's last words: ${stderrTail.trim().slice(-600)}\n`);
  process.exit(1);
}

const timer = setTimeout(() => die(`timed out after ${opts.timeout} s`), opts.timeout * 1000);

try {
  child = spawn(opts.chromium, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
} catch (e) {
  die(`cannot start '${opts.chromium}': ${e.message} (run sh scripts/setup.sh)`);
}
child.on('error', (e) => die(`cannot start '${opts.chromium}': ${e.message} (run sh scripts/setup.sh)`));
child.stderr.on('data', (d) => { stderrTail = (stderrTail + d.toString()).slice(-4000); });
child.on('exit', (code, sig) => {
  if (!finished) die(`chromium ended early (status ${code}, signal ${sig})`);
});

// ---- the DevTools protocol on the pipe ----

const toBrowser = child.stdio[3];
const fromBrowser = child.stdio[4];
let nextId = 1;
const pending = new Map();
const listeners = [];
let buf = Buffer.alloc(0);

fromBrowser.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  let nul;
  while ((nul = buf.indexOf(0)) >= 0) {
    const text = buf.subarray(0, nul).toString('utf8');
    buf = buf.subarray(nul + 1);
    let msg;
    try { msg = JSON.parse(text); } catch (e) { die(`unreadable message from chromium: ${text.slice(0, 200)}`); }
    if (msg.id !== undefined && pending.has(msg.id)) {
      const { resolve, reject, method } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
      else resolve(msg.result);
    } else if (msg.method) {
      for (const l of listeners) l(msg);
    }
  }
});

function send(method, params = {}, sessionId) {
  const id = nextId++;
  const msg = { id, method, params };
  if (sessionId) msg.sessionId = sessionId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, method });
    toBrowser.write(JSON.stringify(msg) + '\0');
  });
}

function waitFor(method, sessionId) {
  return new Promise((resolve) => {
    const l = (msg) => {
      if (msg.method === method && msg.sessionId === sessionId) {
        listeners.splice(listeners.indexOf(l), 1);
        resolve(msg.params);
      }
    };
    listeners.push(l);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- what the page does ----

function watch(sessionId, phase) {
  listeners.push((msg) => {
    if (msg.sessionId !== sessionId) return;
    const p = msg.params || {};
    switch (msg.method) {
      case 'Runtime.consoleAPICalled':
        if (p.type === 'error' || p.type === 'assert') {
          const text = (p.args || []).map((a) => (a.value !== undefined ? String(a.value) : a.description || a.type)).join(' ');
          fail(`${phase}: console ${p.type}: ${text}`);
        }
        break;
      case 'Runtime.exceptionThrown': {
        const d = p.exceptionDetails || {};
        const text = (d.exception && d.exception.description) || d.text || 'exception';
        fail(`${phase}: uncaught exception: ${text.split('\n')[0]}`);
        break;
      }
      case 'Log.entryAdded':
        if (p.entry && p.entry.level === 'error') fail(`${phase}: browser log error: ${p.entry.text}${p.entry.url ? ` (${p.entry.url})` : ''}`);
        break;
      case 'Network.requestWillBeSent': {
        const url = p.request && p.request.url;
        if (url && url !== fileUrl && !url.startsWith('data:') && url !== 'about:blank') {
          fail(`${phase}: the page asked for ${url.slice(0, 200)} (only the file itself and data: URIs are allowed)`);
        }
        break;
      }
      default: break;
    }
  });
}

// What the page holds, read through the DOM domain (it works with the
// page's own scripts disabled too).
async function domCount(sessionId, selector) {
  const doc = await send('DOM.getDocument', { depth: 0 }, sessionId);
  const r = await send('DOM.querySelectorAll', { nodeId: doc.root.nodeId, selector }, sessionId);
  return r.nodeIds;
}

async function sectionsPresent(sessionId) {
  const ids = await domCount(sessionId, 'section[data-section]');
  const names = [];
  for (const nodeId of ids) {
    const a = await send('DOM.getAttributes', { nodeId }, sessionId);
    for (let i = 0; i + 1 < a.attributes.length; i += 2) {
      if (a.attributes[i] === 'data-section') names.push(a.attributes[i + 1]);
    }
  }
  return names;
}

async function checkSectionsAndTables(sessionId, phase) {
  const names = await sectionsPresent(sessionId);
  for (const s of opts.sections) {
    if (!names.includes(s)) fail(`${phase}: section '${s}' is missing (the page has: ${names.join(', ') || 'none'})`);
  }
  const tables = await domCount(sessionId, 'table');
  let empty = 0;
  for (const nodeId of tables) {
    const rows = await send('DOM.querySelectorAll', { nodeId, selector: 'tbody tr, tr td' }, sessionId);
    if (rows.nodeIds.length === 0) empty++;
  }
  if (empty) fail(`${phase}: ${empty} of ${tables.length} tables have no rows`);
  return { sections: names.length, tables: tables.length };
}

// Every table of every section: does it fit its box? The full tables
// (<details>) are opened first. Returns the sections and their table counts.
async function checkFit(sessionId, phase) {
  const r = await send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
      const out = { sections: [], over: [] };
      for (const sec of document.querySelectorAll('section[data-section]')) {
        const name = sec.getAttribute('data-section');
        const tabs = sec.querySelectorAll('table');
        out.sections.push(name + ' ' + tabs.length);
        const sr = sec.getBoundingClientRect();
        for (const t of tabs) {
          const box = t.parentElement;
          const tr = t.getBoundingClientRect();
          const what = t.id || (t.caption ? t.caption.textContent.slice(0, 40) : 'a table');
          if (box.scrollWidth > box.clientWidth + 1) {
            out.over.push(name + "': table '" + what + "' overflows its box: " + box.scrollWidth + ' px in ' + box.clientWidth);
          } else if (tr.right > sr.right + 1 || tr.width > sr.width + 1) {
            out.over.push(name + "': table '" + what + "' is wider than its section: " + Math.ceil(tr.width) + ' px in ' + Math.floor(sr.width));
          }
        }
      }
      const de = document.documentElement;
      if (out.sections.length && de.scrollWidth > de.clientWidth + 1) out.over.push("(page)': the page scrolls sideways: " + de.scrollWidth + ' px in ' + de.clientWidth);
      return out;
    })()`,
  }, sessionId);
  if (r.exceptionDetails) { fail(`${phase}: cannot measure the tables: ${r.exceptionDetails.text}`); return []; }
  const v = r.result.value;
  for (const o of v.over) fail(`${phase}: section '${o}`);
  return v.sections;
}

// Every table states its statistic once: in its caption, not its headers.
async function checkStats(sessionId) {
  const r = await send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      const out = [];
      for (const t of document.querySelectorAll('section[data-section] table')) {
        const sec = t.closest('section[data-section]');
        const where = (sec ? sec.getAttribute('data-section') : '(no section)') + "': table '" + (t.id || 'without an id') + "'";
        const st = t.caption && t.caption.querySelector('.stat');
        if (!st || !st.textContent.trim()) out.push(where + ' states no statistic in its caption');
        for (const th of t.querySelectorAll('thead th')) {
          if (/95%|CI\\]|\\bmedian\\b|\\bmean\\b|\u00b1/i.test(th.textContent)) out.push(where + " states its statistic in the header '" + th.textContent + "'");
        }
      }
      return out;
    })()`,
  }, sessionId);
  if (r.exceptionDetails) { fail(`page: cannot read the captions: ${r.exceptionDetails.text}`); return; }
  for (const o of r.result.value) fail(`page: section '${o}`);
}

async function load(sessionId) {
  const loaded = waitFor('Page.loadEventFired', sessionId);
  const nav = await send('Page.navigate', { url: fileUrl }, sessionId);
  if (nav.errorText) fail(`cannot open ${fileUrl}: ${nav.errorText}`);
  await loaded;
  await sleep(300); // late console messages and requests
}

async function main() {
  // a page target, attached in flat mode: its messages carry a sessionId
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  watch(sessionId, 'page');
  for (const d of ['Page', 'Runtime', 'Log', 'Network', 'DOM']) await send(`${d}.enable`, {}, sessionId);
  await send('Emulation.setDeviceMetricsOverride', {
    width: opts.viewport[0], height: opts.viewport[1], deviceScaleFactor: 1, mobile: false,
  }, sessionId);
  await load(sessionId);
  const counts = await checkSectionsAndTables(sessionId, 'page');

  // pictures: each drawn at a non-zero size, each <img> decoded
  const pics = await send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      const out = [];
      const all = document.querySelectorAll('img, svg, canvas');
      for (const el of all) {
        if (el.tagName.toLowerCase() === 'svg' && el.parentElement && el.parentElement.closest('svg')) continue;
        const r = el.getBoundingClientRect();
        const what = el.getAttribute('alt') || el.getAttribute('data-chart') || el.getAttribute('aria-label') || el.id || el.tagName.toLowerCase();
        const broken = el.tagName.toLowerCase() === 'img' && !(el.complete && el.naturalWidth > 0);
        out.push({ what, w: r.width, h: r.height, broken });
      }
      return out;
    })()`,
  }, sessionId);
  if (pics.exceptionDetails) fail(`page: cannot list the pictures: ${pics.exceptionDetails.text}`);
  const list = (pics.result && pics.result.value) || [];
  for (const p of list) {
    if (!(p.w > 0 && p.h > 0)) fail(`page: picture '${p.what}' has no size (${p.w} x ${p.h})`);
    if (p.broken) fail(`page: picture '${p.what}' did not decode`);
  }

  // the texts, shown as they are
  if (opts.text) {
    const want = fs.readFileSync(opts.text, 'utf8').split('\n').filter((l) => l.trim() !== '');
    const r = await send('Runtime.evaluate', {
      returnByValue: true,
      expression: `document.body ? document.body.textContent.replace(/\\s+/g, ' ') : ''`,
    }, sessionId);
    const shown = (r.result && r.result.value) || '';
    for (const w of want) {
      const t = w.replace(/\s+/g, ' ').trim();
      if (!shown.includes(t)) fail(`page: the text '${t.slice(0, 120)}' is not shown as it is`);
    }
  }

  // inert: no markup of the inputs, none of their script ran
  if (opts.inert) {
    const r = await send('Runtime.evaluate', {
      returnByValue: true,
      expression: `(() => {
        const sel = 'script, img, picture, video, audio, iframe, frame, object, embed, svg, math, ' +
          'style, link, meta, base, form, input, button, a, area';
        const els = [];
        for (const el of document.body.querySelectorAll(sel)) els.push(el.outerHTML.slice(0, 120));
        for (const el of document.body.querySelectorAll('*')) {
          for (const a of el.attributes) {
            if (/^on/i.test(a.name) || /^\\s*(javascript|data|vbscript):/i.test(a.value)) els.push(el.outerHTML.slice(0, 120));
          }
        }
        return { hits: Array.isArray(window.mzHits) ? window.mzHits.slice() : null, els };
      })()`,
    }, sessionId);
    const v = (r.result && r.result.value) || { hits: null, els: [] };
    if (v.hits === null) fail('page: no recorder (window.mzHits): the test page did not run its own script');
    else if (v.hits.length) fail(`page: the inputs' script ran: ${v.hits.join(', ')}`);
    for (const e of v.els) fail(`page: markup of an input in the page: ${e}`);
  }

  // the screenshot: the full page, or the viewport
  let shotInfo = '';
  if (opts.screenshot) {
    const params = { format: 'png' };
    if (!opts.viewportOnly) {
      const m = await send('Page.getLayoutMetrics', {}, sessionId);
      const size = m.cssContentSize || m.contentSize;
      const w = Math.ceil(size.width), h = Math.min(Math.ceil(size.height), 30000);
      params.clip = { x: 0, y: 0, width: w, height: h, scale: 1 };
      params.captureBeyondViewport = true;
      shotInfo = `${w}x${h}`;
    } else {
      let top = 0;
      if (opts.at) {
        const r = await send('Runtime.evaluate', {
          returnByValue: true,
          expression: `(() => { const e = document.querySelector(${JSON.stringify(opts.at)});
            return e ? e.getBoundingClientRect().top + window.scrollY : -1; })()`,
        }, sessionId);
        top = r.result ? r.result.value : -1;
        if (!(top >= 0)) fail(`--at ${opts.at}: no such element`);
        top = Math.max(0, Math.floor(top) - 8);
      }
      params.clip = { x: 0, y: top, width: opts.viewport[0], height: opts.viewport[1], scale: 1 };
      params.captureBeyondViewport = true;
      shotInfo = `${opts.viewport[0]}x${opts.viewport[1]} from y ${top}`;
    }
    const shot = await send('Page.captureScreenshot', params, sessionId);
    fs.writeFileSync(opts.screenshot, Buffer.from(shot.data, 'base64'));
  }

  // printed: the page as print media lays it out, one PDF page or more
  let printInfo = '';
  if (opts.print) {
    const pdf = await send('Page.printToPDF', { printBackground: false, preferCSSPageSize: true }, sessionId);
    const bytes = Buffer.from(pdf.data, 'base64');
    fs.writeFileSync(opts.print, bytes);
    const pages = (bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-' || pages < 1) fail(`print: no PDF pages in ${opts.print}`);
    printInfo = `, printed ${opts.print} (${pages} pages)`;
  }

  // every table fits, at the viewport's width and laid out for print; each
  // states its statistic
  await checkStats(sessionId);
  const fitted = await checkFit(sessionId, `at ${opts.viewport[0]} px`);
  await send('Emulation.setEmulatedMedia', { media: 'print' }, sessionId);
  await send('Emulation.setDeviceMetricsOverride', {
    width: 739, height: 1000, deviceScaleFactor: 1, mobile: false,
  }, sessionId);
  await checkFit(sessionId, 'printed (739 px)');
  await send('Emulation.setEmulatedMedia', { media: '' }, sessionId);
  await send('Emulation.setDeviceMetricsOverride', {
    width: opts.viewport[0], height: opts.viewport[1], deviceScaleFactor: 1, mobile: false,
  }, sessionId);

  // again with the page's scripts off: the same sections and tables
  await send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId);
  await load(sessionId);
  const nojs = await checkSectionsAndTables(sessionId, 'without JavaScript');
  if (nojs.tables !== counts.tables) fail(`without JavaScript: ${nojs.tables} tables instead of ${counts.tables}`);

  finished = true;
  clearTimeout(timer);
  await send('Browser.close').catch(() => {});
  if (failures.length) {
    for (const f of failures) process.stderr.write(`${NAME}: FAIL: ${f}\n`);
    process.exit(1);
  }
  process.stdout.write(`${NAME}: ok: ${counts.sections} sections, ${counts.tables} tables ` +
    `(fit at ${opts.viewport[0]} px and printed: ${fitted.join(', ')}), ` +
    `${list.length} pictures${opts.screenshot ? `, screenshot ${opts.screenshot} (${shotInfo})` : ''}${printInfo}\n`);
  process.exit(0);
}

main().catch((e) => die(e.message));
