"""axe-core (static/vendor, pinned) run on a page: the violations that matter (serious or
critical) are printed with the page's name, so that the test output carries the results."""
from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "static" / "vendor" / "axe-4.14.1.min.js"
BAD = ("serious", "critical")


def axe_violations(page, label: str) -> list[dict]:
    """The serious and critical violations on `page` now (every one is printed, with up to
    three of its elements)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 3), count: v.nodes.length}));
    }""")
    bad = [v for v in result if v["impact"] in BAD]
    print(f"\naxe {label}: {len(result)} violation(s), {len(bad)} serious or critical")
    for v in result:
        print(f"  [{v['impact']}] {v['id']} ×{v['count']}: {v['help']} — {', '.join(v['nodes'])}")
    return bad


def axe_rules(page, rules: list[str]) -> list[str]:
    """What these axe rules find wrong on `page`, whatever their impact ("rule: element, …").
    Under an open modal dialog the rest of the page is inert, and page-has-heading-one does not
    apply."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (rules) => {
        const r = await axe.run(document, {runOnly: rules});
        return r.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
    }""", rules)
