# Sourced by the scripts: make sure .venv exists and holds the project with the given extras.
# Usage: ensure_venv "test"   (or "bundle", or "" for the plain install)
ensure_venv() {
    local root extras stamp want
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    extras="$1"
    if [ ! -x "$root/.venv/bin/python" ]; then
        echo "Creating virtual environment in .venv ..." >&2
        python3 -m venv "$root/.venv" || { echo "python3 -m venv failed: install python3-venv" >&2; exit 1; }
    fi
    stamp="$root/.venv/.installed-${extras:-base}"
    want="$(cat "$root/pyproject.toml" "$root/setup.py" | sha256sum | cut -c1-16)"
    if [ -f "$root/.venv/.installed-test" ] && [ "$(cat "$root/.venv/.installed-test")" = "$want" ]; then
        stamp="$root/.venv/.installed-test"     # the tests' install holds every other one
    fi
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        echo "Installing Sobremesa${extras:+ [$extras]} into .venv ..." >&2
        local log="$root/.venv/install.log"
        if ! { "$root/.venv/bin/python" -m pip install --quiet --upgrade pip &&
               "$root/.venv/bin/python" -m pip install --quiet -e "$root${extras:+[$extras]}"; } >"$log" 2>&1; then
            cat "$log" >&2
            echo "Installing failed (see above)." >&2
            exit 1
        fi
        echo "$want" > "$stamp"
    fi
    PY="$root/.venv/bin/python"
    ROOT="$root"
}
