// REST calls and the per-table seat tokens kept in localStorage.

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.message) || `${response.status} ${response.statusText}`);
    error.code = data && data.error;
    error.reason = data && data.reason;  // the same as {key, args} of the texts catalogue (requestError says it)
    throw error;
  }
  return data;
}

const KEY = (tableId) => `museion.seat.${tableId}`;

/** The seat this browser holds at a table: {seat, token} or null. */
export function heldSeat(tableId) {
  try { return JSON.parse(localStorage.getItem(KEY(tableId)) || "null"); } catch (_e) { return null; }
}

export function keepSeat(tableId, seat, token) {
  localStorage.setItem(KEY(tableId), JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) { localStorage.removeItem(KEY(tableId)); }

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
