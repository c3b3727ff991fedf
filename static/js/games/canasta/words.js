// Canasta's cards and numbers in sentences: "el 7 de corazones", "la Jota de picas", "the
// Queen of hearts", "el comodín"; "20.000" (points grouped in thousands, as a family reads them).
import { getLang } from "../../core/i18n.js";

import { theCard as cardIn, theCards as cardsIn } from "../../pieces/french.js";

export const theCard = (code, lang = getLang()) => cardIn(code, lang);
export const theCards = (codes, lang = getLang()) => cardsIn(codes, lang);

export { grouped as points } from "../../core/numbers.js";
