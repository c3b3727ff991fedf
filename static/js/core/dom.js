// The one way screens build DOM: h(tag, attrs, ...children). Every string goes in as text
// (textContent or a text node) or as an attribute value, so player names and anything else
// from the server can never become markup.
//
//   h("div", {class: ["x", on && "on"], text: "hi", on: {click}}, child, "text", [more children])
//
// The only markup parsed anywhere is our own drawing of pieces (cards, icons): markup()
// takes a string the caller built from constants, and the pieces set labels and codes on
// the element afterwards through setAttribute, never inside the string.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") node.textContent = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (key === "vars") for (const [k, v] of Object.entries(value)) node.style.setProperty(k, v);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "on") for (const [event, fn] of Object.entries(value)) node.addEventListener(event, fn);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  append(node, children);
  return node;
}

export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// The same for SVG elements (icons, rings).
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function append(node, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
  return node;
}

// An element from our own markup (a piece's drawing built from constants only).
const parser = typeof DOMParser === "undefined" ? null : new DOMParser();
// SVG only, parsed as XML inside an <svg> that gives every element the SVG namespace.
export function markup(trusted) {
  const doc = parser.parseFromString(`<svg xmlns="${SVG_NS}">${trusted.trim()}</svg>`, "image/svg+xml");
  const node = doc.documentElement.firstElementChild;
  if (!node) throw new Error("markup: not well-formed SVG");
  return document.importNode(node, true);
}

// The component contract, {update(...args), relabel(), destroy()}, for a component that
// redraws root whole from its arguments: relabel() draws the last arguments again (in the new
// language), destroy() empties root.
export function component(root, draw) {
  let last = null;
  return {
    update(...args) {
      last = args;
      draw(...args);
    },
    relabel() { if (last) draw(...last); },
    destroy() { root.replaceChildren(); },
  };
}
