# Sourced by the install-*.sh scripts of this directory, after they set ME (the script's name),
# PACKAGES (the Debian packages) and define needs_what (prints what the tests need, one line).
# Gives needs (refuse with a reason and how to go on), SUDO and apt_get.
#
# A busy apt/dpkg lock (unattended-upgrades, another apt-get) is waited out: up to
# JOSEKI_APT_LOCK_TRIES attempts (default 30), JOSEKI_APT_LOCK_WAIT seconds apart (default 10).
TRIES="${JOSEKI_APT_LOCK_TRIES:-30}"
WAIT="${JOSEKI_APT_LOCK_WAIT:-10}"

needs() {
    echo "$ME: $(needs_what); $1" >&2
    echo "$ME: install them (Debian: apt-get install ${PACKAGES[*]}) and run the tests again," >&2
    echo "$ME: or build without tests (mvn -DskipTests package, as ./joseki does)." >&2
    exit 1
}

command -v apt-get >/dev/null 2>&1 || needs "this system has no apt-get to install them with."
SUDO=()
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        needs "installing them takes root (or password-less sudo), which this user does not have."
    fi
fi
export DEBIAN_FRONTEND=noninteractive

# Runs one apt-get command; while another process holds the apt or dpkg lock, says so and retries.
apt_get() {
    local attempt=1 log
    log="$(mktemp)"
    trap 'rm -f "$log"' RETURN
    while true; do
        if "${SUDO[@]}" apt-get "$@" >"$log" 2>&1; then
            return 0
        fi
        if ! grep -q -e "Could not get lock" -e "Unable to acquire the dpkg" -e "Unable to lock" "$log"; then
            cat "$log" >&2
            echo "$ME: apt-get $* failed (see above)" >&2
            return 1
        fi
        if [ "$attempt" -ge "$TRIES" ]; then
            grep -m1 -e "lock" "$log" >&2 || true
            echo "$ME: apt/dpkg is still locked by another process after $TRIES attempts; run the tests again when it is done" >&2
            return 1
        fi
        echo "$ME: apt/dpkg is locked by another process (apt-get, unattended-upgrades?); waiting ${WAIT}s (attempt $attempt of $TRIES)" >&2
        sleep "$WAIT"
        attempt=$((attempt + 1))
    done
}
