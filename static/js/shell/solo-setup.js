// /solo's choice before a game: the game's options, how many computer players and each one's
// level (a row per opponent, by the name the host will give it, and «Todos» to set them all at
// once). Shows whatever levels the game's `bot_levels` lists (two or three). Knows no game.
//
// The choice is {game, options, bots, levels}: `levels` holds one level per computer player,
// in seat order, as create_solo takes them. The device keeps the last one started (remembered()).
import { h } from "../core/dom.js";
import { t, pick } from "../core/i18n.js";

// The names the host gives its computer players, in order (server/seating.py's BOT_NAMES,
// sent with the page); one the person took is skipped, as the host skips it.
function botNames() {
  try {
    const names = JSON.parse(document.getElementById("bot-names")?.textContent || "[]");
    return Array.isArray(names) ? names.filter((n) => typeof n === "string") : [];
  } catch {
    return [];
  }
}
const BOT_NAMES = botNames();

export function opponentNames(count, personName) {
  const names = BOT_NAMES.filter((n) => n !== personName);
  return Array.from({ length: count }, (_, i) => names[i] ?? `${t("tv.bot")} ${i + 1}`);
}

export function levelsOf(info) {
  return info?.bot_levels?.length ? info.bot_levels : ["normal"];
}

// Normal to start with (difícil is there for whoever asks for it).
function startLevel(levels) {
  return levels.includes("normal") ? "normal" : levels[levels.length - 1];
}

// The choice for game `info`, from what this device chose last time (`last`, as remembered()
// wrote it; an older record kept one `level` for all). Levels the game no longer offers fall back.
export function defaultsFor(info, last = {}) {
  const options = {};
  for (const option of info.options || []) options[option.name] = option.default;
  const same = last.game === info.name;
  const levels = levelsOf(info);
  const maxBots = info.max_players - 1;
  const minBots = Math.max(1, info.min_players - 1);
  const wanted = same && Number.isInteger(last.bots) ? last.bots : 2;
  const bots = Math.min(maxBots, Math.max(minBots, wanted));
  const kept = !same ? [] : Array.isArray(last.levels) ? last.levels : Array(bots).fill(last.level);
  const fallback = startLevel(levels);
  return {
    game: info.name,
    options: same ? { ...options, ...(last.options || {}) } : options,
    bots,
    levels: Array.from({ length: bots }, (_, i) => (levels.includes(kept[i]) ? kept[i] : fallback)),
  };
}

// What the device keeps of a choice started.
export function remembered(choice) {
  return { game: choice.game, bots: choice.bots, levels: choice.levels, options: choice.options };
}

// The same level for every computer player (a lesson's «Jugar una partida de verdad»: fácil).
export function allAt(choice, level) {
  return { ...choice, levels: Array(choice.bots).fill(level) };
}

// One more or one fewer computer player: a new one plays at the level of the one before it.
function withBots(choice, bots, levels) {
  const kept = choice.levels.slice(0, bots);
  while (kept.length < bots) kept.push(kept[kept.length - 1] ?? startLevel(levels));
  return { ...choice, bots, levels: kept };
}

function stepper(value, min, max, set, name) {
  return h("div", { class: "stepper", dataset: { stepper: name } },
    h("button", { type: "button", class: "step", disabled: value <= min, "aria-label": "−", on: { click: () => set(value - 1) } }, "−"),
    h("output", { class: "step-value", text: String(value) }),
    h("button", { type: "button", class: "step", disabled: value >= max, "aria-label": "+", on: { click: () => set(value + 1) } }, "+"));
}

function optionControl(option, value, set) {
  if (option.type === "int" || option.type === "number") {
    const step = option.step || 1;
    return h("div", { class: "stepper" },
      h("button", { type: "button", class: "step", disabled: value <= option.min, "aria-label": "−",
        on: { click: () => set(Math.max(option.min, value - step)) } }, "−"),
      h("output", { class: "step-value", text: String(value), dataset: { option: option.name } }),
      h("button", { type: "button", class: "step", disabled: value >= option.max, "aria-label": "+",
        on: { click: () => set(Math.min(option.max, value + step)) } }, "+"));
  }
  if (option.type === "bool") {
    return h("button", { type: "button", class: ["switch", value && "on"], "aria-pressed": String(!!value),
      on: { click: () => set(!value) } }, value ? "✓" : "✕");
  }
  if (Array.isArray(option.choices)) {
    return h("div", { class: ["segmented", option.choices.length > 3 && "choice-grid"] }, option.choices.map((choice) => {
      const v = typeof choice === "object" ? choice.value : choice;
      const label = typeof choice === "object" ? pick(choice.label) || String(v) : String(v);
      return h("button", { type: "button", class: v === value && "on", "aria-pressed": String(v === value),
        dataset: { option: option.name, value: String(v) }, on: { click: () => set(v) } }, label);
    }));
  }
  return h("output", { class: "step-value", text: String(value) });
}

// Fácil · Normal · Difícil for one opponent (or for all: `chosen` null when they differ).
function levelChooser(levels, chosen, set, opponent, label) {
  return h("div", { class: "segmented level-choice", role: "group", "aria-label": label, dataset: { opponent } },
    levels.map((level) => h("button", {
      type: "button", class: level === chosen && "on", "aria-pressed": String(level === chosen),
      dataset: { level }, on: { click: () => set(level) },
    }, t(`common.level.${level}`))));
}

// A row per computer player: its name, its level; «Todos» first when there are two or more.
function levelRows(choice, levels, personName, change) {
  if (levels.length < 2) return [];
  const names = opponentNames(choice.bots, personName);
  const setOne = (i) => (level) => change({ ...choice, levels: choice.levels.map((l, j) => (j === i ? level : l)) });
  const same = choice.levels.every((l) => l === choice.levels[0]) ? choice.levels[0] : null;
  const rows = names.map((name, i) => h("li", { class: "opponent" },
    h("span", { class: "opponent-name", text: name }),
    levelChooser(levels, choice.levels[i], setOne(i), String(i), t("solo.level_of", { name }))));
  if (choice.bots > 1) {
    rows.unshift(h("li", { class: "opponent all" },
      h("span", { class: "opponent-name", text: t("solo.level_all") }),
      levelChooser(levels, same, (level) => change(allAt(choice, level)), "all", t("solo.level_all_label"))));
  }
  return [h("ol", { class: "solo-levels", "aria-label": t("solo.level") }, rows)];
}

// The game's options (the panel beside the tiles); `change(newChoice)` on every tap.
export function optionsPanel(choice, info, change) {
  if (!info) return h("section", { class: "solo-setup empty" }, h("p", { class: "muted", text: t("solo.pick_game") }));
  const values = choice.options;
  const applies = (option) => !Array.isArray(option.rulesets) || !("ruleset" in values)
    || option.rulesets.includes(values.ruleset);
  const setOption = (name, value) => change({ ...choice, options: { ...values, [name]: value } });
  const rows = (info.options || []).filter(applies).map((option) =>
    h("div", { class: ["option", Array.isArray(option.choices) && option.choices.length > 3 && "wide"] },
      h("span", { class: "option-label", text: pick(option.label) }),
      optionControl(option, values[option.name], (v) => setOption(option.name, v))));
  return h("section", { class: "solo-setup" }, h("h2", { text: pick(info.title) }), rows);
}

// Who plays against the person (under the tiles): how many, and each one's level.
export function opponentsPanel(choice, info, personName, change) {
  if (!info) return null;
  const levels = levelsOf(info);
  return h("section", { class: "solo-setup solo-opponents" },
    h("div", { class: "option" },
      h("span", { class: "option-label", text: t("solo.bots") }),
      stepper(choice.bots, Math.max(1, info.min_players - 1), info.max_players - 1,
        (n) => change(withBots(choice, n, levels)), "bots")),
    levelRows(choice, levels, personName, change));
}
