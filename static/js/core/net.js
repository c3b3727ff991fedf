// The Socket.IO connection shared by the TV and the phone pages.
/* global io */

export function connect(onState, onStatus) {
  const socket = io({ transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
  socket.on("state", onState);
  socket.on("connect", () => onStatus && onStatus("connected"));
  socket.on("disconnect", () => onStatus && onStatus("disconnected"));
  return socket;
}

// Emit with an acknowledgement; resolves to the server's reply {ok, ..., error}.
export function request(socket, event, data) {
  return new Promise((resolve) => {
    socket.timeout(8000).emit(event, data, (err, reply) => {
      if (err) resolve({ ok: false, error: { code: "timeout", es: "Sin respuesta del servidor.", en: "No answer from the server." } });
      else resolve(reply);
    });
  });
}
