// Helpers shared by every view. Text from the data is only ever set with textContent or
// createTextNode: nothing the report shows is parsed as markup.
const SVG_NS = "http://www.w3.org/2000/svg";

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.appendChild(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
}

function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// Python's f"{x:.{d}f}": the exact binary value rounded half to even.
function fmt(x, d) {
  if (x === null || x === undefined || Number.isNaN(x)) return "–";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Math.abs(x) >= 1e21) return String(x);
  const exact = x.toFixed(100);
  const negative = exact.startsWith("-");
  const body = negative ? exact.slice(1) : exact;
  const point = body.indexOf(".");
  const whole = body.slice(0, point) + body.slice(point + 1, point + 1 + d);
  const rest = body.slice(point + 1 + d);
  let digits = whole.split("").map(Number);
  const first = rest.length ? Number(rest[0]) : 0;
  const tail = rest.slice(1).replace(/0+$/, "");
  const last = digits.length ? digits[digits.length - 1] : 0;
  if (first > 5 || (first === 5 && (tail.length > 0 || last % 2 === 1))) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) { digits[i] = 0; i--; }
    if (i < 0) digits.unshift(1); else digits[i] += 1;
  }
  let text = digits.join("");
  const intLength = text.length - d;
  text = d > 0 ? text.slice(0, intLength) + "." + text.slice(intLength) : text;
  text = text.replace(/^0+(?=\d)/, "");
  const zero = !/[1-9]/.test(text);
  return (negative && !zero ? "-" : "") + text;
}

// A stored fixed-point value (units of 10**-d) as text: digits placed exactly.
function fmtFixed(units, d) {
  if (units === MISSING) return "–";
  const negative = units < 0;
  let s = String(Math.abs(units)).padStart(d + 1, "0");
  if (d > 0) s = s.slice(0, s.length - d) + "." + s.slice(s.length - d);
  return (negative ? "-" : "") + s;
}

function fmtP(p) {
  if (p === null || p === undefined) return "–";
  return fmt(p, 4);
}

const MISSING = -2147483648;

function sysColour(index) {
  return `var(--sys-${index % 8})`;
}

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function nextFrame() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Replace the children of `el` with `children` (nested arrays allowed).
function put(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}
