// Canasta Ferroviaria's screens, loaded by the shells by the name in the server's catalogue.
import strings from "./strings.js";

export default {
  name: "canasta",
  strings,
  tv: () => import("./tv.js"),
  phone: () => import("./phone.js"),
  styles: { tv: "canasta-tv.css", phone: "canasta-phone.css" },
};
