// "Aprende jugando" on /solo: each game's lessons from the server's catalogue, a tick on those
// this device has done (kept in localStorage under LESSONS_KEY), and where a lesson leads next.
import { h } from "../core/dom.js";
import { pick, t } from "../core/i18n.js";
import { store } from "../core/storage.js";

const LESSONS_KEY = "sobremesa.lessons";     // ids of the lessons this device has done

function lessonsDone() {
  const done = store.getJSON(LESSONS_KEY);
  return new Set(Array.isArray(done) ? done.filter((id) => typeof id === "string") : []);
}

export function markLessonDone(id) {
  const done = lessonsDone();
  if (done.has(id)) return;
  done.add(id);
  store.setJSON(LESSONS_KEY, [...done]);
}

function lessonButton(lesson, done, startLesson) {
  return h("button", {
    type: "button", class: ["lesson-item", done && "done"], dataset: { lesson: lesson.id },
    on: { click: () => startLesson(lesson.id) },
  },
  h("span", { class: "lesson-n", "aria-hidden": "true", text: done ? "✓" : String(lesson.number) }),
  h("span", { class: "lesson-text" },
    h("span", { class: "lesson-name", text: pick(lesson.title) }),
    h("span", { class: "lesson-sub", text: pick(lesson.summary) })),
  done && h("span", { class: "visually-hidden", text: t("lesson.done_count") }));
}

export function lessonsPanel(catalogue, startLesson) {
  const games = catalogue.filter((info) => !info.upcoming && info.lessons?.length);
  if (!games.length) return null;
  const done = lessonsDone();
  return h("section", { id: "solo-lessons", class: "solo-lessons" },
    h("h2", { text: t("lesson.title") }),
    h("p", { class: "muted", text: t("lesson.intro") }),
    h("div", { class: "lesson-games" }, games.map((info) => h("div", { class: "lesson-game" },
      h("h3", { text: pick(info.title) }),
      h("ol", { class: "lesson-list" },
        info.lessons.map((lesson) => h("li", {}, lessonButton(lesson, done.has(lesson.id), startLesson))))))));
}

export function lessonInfo(catalogue, id) {
  for (const info of catalogue) {
    const index = (info.lessons || []).findIndex((lesson) => lesson.id === id);
    if (index >= 0) return { info, lesson: info.lessons[index], after: info.lessons[index + 1] || null };
  }
  return null;
}
