// Tren Mexicano's screens, loaded by the shells by the name in the server's catalogue.
import strings from "./strings.js";

export default {
  name: "tren",
  strings,
  tv: () => import("./tv.js"),
  phone: () => import("./phone.js"),
  styles: { tv: "tren-tv.css", phone: "tren-phone.css" },
};
