// The table's WebSocket: hello (seat token and language), state messages in, moves out; it reconnects by itself
// and says whether the server can be reached, so the page can disable the board while it cannot.

/** Open the table's socket. `hello()` gives the first message; `onMessage(msg)` gets every message; `onStatus`
 * gets "connecting", "online" or "offline" (lost, retrying). Returns {send, restart}. */
export function connect(tableId, hello, onMessage, onStatus) {
  let socket = null;
  let retry = 0;

  function open() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    socket = ws;
    onStatus(retry ? "offline" : "connecting");
    ws.onopen = () => ws.send(JSON.stringify(hello()));
    ws.onmessage = (event) => {
      retry = 0;
      onStatus("online");
      onMessage(JSON.parse(event.data));
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      onStatus("offline");
      retry = Math.min(retry + 1, 5);
      setTimeout(open, 300 * retry);
    };
  }

  open();
  window.addEventListener("offline", () => { if (socket) socket.close(); });
  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
      return false;
    },
    restart() {
      const old = socket;
      socket = null;
      if (old) old.close();
      retry = 0;
      open();
    },
  };
}
