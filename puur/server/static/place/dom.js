// The place pages' one way to build an element: h("li", { class: "x", onclick: f, text: "…" }, child, …).
// Texts go in as textContent, never as HTML, so a name a player typed is shown, not run.
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  e.append(...kids.filter((c) => c != null));
  return e;
}
