"""A seat's colour never comes alone: every element drawn in a seat's colour (its own inline
`--seat`, as core/seats.js's seatVars and the screens set it) must show that seat's initial (a
seat chip inside it) or a player's name, in it or right beside it (its parent, when the parent
holds no other seat's colour)."""
from __future__ import annotations

from playwright.sync_api import Page

LONE_COLOURS = """(names) => {
  const visible = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const colour = (el) => el.style.getPropertyValue("--seat").trim().toLowerCase();
  const coloured = [...document.querySelectorAll("[style*='--seat']")]
    .filter((el) => colour(el) && colour(el) !== "transparent" && visible(el));
  const chipIn = (box, c) => [box, ...box.querySelectorAll(".seat-chip")].some((chip) =>
    chip.classList.contains("seat-chip") && visible(chip) && colour(chip) === c
    && /\\S/.test(chip.dataset.initial || "") && chip.dataset.initial !== "?"
    && getComputedStyle(chip, "::before").content.replace(/"/g, "") === chip.dataset.initial);
  const named = (box) => names.some((name) =>
    (box.innerText || box.textContent || "").includes(name));
  const told = (box, c) => chipIn(box, c) || named(box);
  const lone = [];
  for (const el of coloured) {
    const c = colour(el);
    const parent = el.parentElement;
    const others = parent ? [...parent.querySelectorAll("[style*='--seat']")]
      .filter((o) => colour(o) && colour(o) !== c && colour(o) !== "transparent") : [];
    if (told(el, c) || (parent && !others.length && told(parent, c))) continue;
    const text = (el.innerText || "").trim().slice(0, 40);
    lone.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${c}: "${text}"`);
  }
  return {checked: coloured.length, lone};
}"""


def lone_colours(page: Page, names: list[str]) -> tuple[int, list[str]]:
    """How many elements in a seat's colour are on screen, and those with neither the seat's
    initial nor a name (`names`: the players', as the page writes them)."""
    found = page.evaluate(LONE_COLOURS, names)
    return found["checked"], found["lone"]
