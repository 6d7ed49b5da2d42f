#!/usr/bin/env bash
# Rebuilds vendor/scryer-prolog from the published scryer-prolog crate and the
# patches in vendor/patches (see vendor/README.md). Run `--help` for usage.
set -euo pipefail

# The release the patches are made against, and its upstream commit (recorded in
# the published crate's .cargo_vcs_info.json).
PINNED_VERSION=0.10.0
PINNED_COMMIT=e7ac3ae0f75724ec038417a775bd6fc26fb011fa

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
patches_dir=$here/patches
vendored=$here/scryer-prolog

usage() {
    cat <<EOF
Usage: bash vendor/rebuild-scryer.sh [--check] [--out DIR] [--crate PATH] [--version V]
       bash vendor/rebuild-scryer.sh --git DIR [--crate PATH] [--version V]

Rebuilds the vendored Scryer Prolog: takes src/, build/, LICENSE, README.md and
Cargo.toml of the published scryer-prolog crate, applies vendor/patches/*.patch in
order (git apply, no fuzz), and puts the result in vendor/scryer-prolog.

  --check        build into a temporary directory and compare it with
                 vendor/scryer-prolog (or --out DIR) with diff -r; exit 0 when they
                 are the same, 1 when they differ. Changes nothing.
  --out DIR      write the result to DIR instead of vendor/scryer-prolog (DIR must
                 be missing, empty, or a scryer-prolog crate: it is replaced).
  --crate PATH   the published crate to start from: an unpacked crate directory or
                 a .crate file. Without it, the crate is looked for in the cargo
                 registry cache (\${CARGO_HOME:-~/.cargo}/registry/src and
                 registry/cache), and downloaded with \`cargo fetch\` from a
                 throwaway project in a temporary directory only if it is not there.
  --version V    the scryer-prolog version to start from (default $PINNED_VERSION);
                 another version is for trying the patches on a new release.
  --git DIR      for editing the patches: make DIR (new or empty) a git repository
                 with one commit for the release's files and one per patch (git am).
                 Stops at a patch that does not apply, leaving git am in progress.
                 Export with: git -C DIR format-patch -N --zero-commit --no-signature
                 --start-number 0 -o NEWDIR release..
  -h, --help     this text.

Works offline when scryer-prolog-$PINNED_VERSION is already in the cargo registry
cache (or given with --crate); otherwise it needs the crates registry once.
EOF
}

check=0
out=
gitdir=
crate=
version=$PINNED_VERSION
while [ $# -gt 0 ]; do
    case $1 in
        --check) check=1 ;;
        --out) out=${2:?--out needs a directory}; shift ;;
        --out=*) out=${1#--out=} ;;
        --crate) crate=${2:?--crate needs a path}; shift ;;
        --crate=*) crate=${1#--crate=} ;;
        --version) version=${2:?--version needs a version}; shift ;;
        --git) gitdir=${2:?--git needs a directory}; shift ;;
        --git=*) gitdir=${1#--git=} ;;
        --version=*) version=${1#--version=} ;;
        -h|--help) usage; exit 0 ;;
        *) echo "rebuild-scryer: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
[ -n "$out" ] || out=$vendored

work=$(mktemp -d "${TMPDIR:-/tmp}/rebuild-scryer.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo_home=${CARGO_HOME:-$HOME/.cargo}

# Prints the directory of the unpacked crate scryer-prolog-$version in the cargo
# registry cache, unpacking its .crate file into $work if only that is there.
find_in_cache() {
    local d f
    for d in "$cargo_home"/registry/src/*/scryer-prolog-"$version"; do
        if [ -f "$d/Cargo.toml" ]; then echo "$d"; return 0; fi
    done
    for f in "$cargo_home"/registry/cache/*/scryer-prolog-"$version".crate; do
        if [ -f "$f" ]; then
            tar -xzf "$f" -C "$work"
            echo "$work/scryer-prolog-$version"
            return 0
        fi
    done
    return 1
}

# Downloads the crate into the cargo registry cache through a throwaway project.
fetch_crate() {
    local proj=$work/fetch
    mkdir -p "$proj/src"
    : > "$proj/src/lib.rs"
    cat > "$proj/Cargo.toml" <<EOF
[package]
name = "fetch-scryer-prolog"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
scryer-prolog = { version = "=$version", default-features = false }

[workspace]
EOF
    echo "rebuild-scryer: scryer-prolog $version is not in the cargo registry cache; fetching it" >&2
    cargo fetch --quiet --manifest-path "$proj/Cargo.toml" >&2
}

if [ -n "$crate" ]; then
    if [ -f "$crate" ]; then
        mkdir -p "$work/crate"
        tar -xzf "$crate" -C "$work/crate"
        src=$(echo "$work"/crate/*/)
        src=${src%/}
    else
        src=$crate
    fi
else
    src=$(find_in_cache) || { fetch_crate && src=$(find_in_cache); } || {
        echo "rebuild-scryer: could not find scryer-prolog $version in $cargo_home/registry" >&2
        exit 1
    }
fi

# The crate must be the one asked for.
if ! grep -qx "version = \"$version\"" "$src/Cargo.toml" ||
   ! grep -qx 'name = "scryer-prolog"' "$src/Cargo.toml"; then
    echo "rebuild-scryer: $src is not the scryer-prolog $version crate" >&2
    exit 1
fi
if [ "$version" = "$PINNED_VERSION" ] && [ -f "$src/.cargo_vcs_info.json" ] &&
   ! grep -q "\"$PINNED_COMMIT\"" "$src/.cargo_vcs_info.json"; then
    echo "rebuild-scryer: $src was not published from upstream commit $PINNED_COMMIT" >&2
    exit 1
fi

shopt -s nullglob
patches=("$patches_dir"/[0-9][0-9][0-9][0-9]-*.patch)
[ ${#patches[@]} -gt 0 ] || { echo "rebuild-scryer: no patches in $patches_dir" >&2; exit 1; }

copy_release() {
    cp -R "$src/src" "$src/build" "$src/LICENSE" "$src/README.md" "$src/Cargo.toml" "$1/"
}

if [ -n "$gitdir" ]; then
    if [ -e "$gitdir" ] && [ -n "$(ls -A "$gitdir")" ]; then
        echo "rebuild-scryer: $gitdir is not empty" >&2
        exit 1
    fi
    mkdir -p "$gitdir"
    copy_release "$gitdir"
    # An identity for the commits, unless git already has one.
    export GIT_COMMITTER_NAME=${GIT_COMMITTER_NAME:-$(git config user.name || echo tabula)}
    export GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL:-$(git config user.email || echo tabula@localhost)}
    export GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-$GIT_COMMITTER_NAME}
    export GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-$GIT_COMMITTER_EMAIL}
    git -C "$gitdir" init -q
    git -C "$gitdir" add -A
    git -C "$gitdir" commit -q -m "scryer-prolog $version as published"
    git -C "$gitdir" tag release
    for p in "${patches[@]}"; do
        if ! git -C "$gitdir" am -q "$p"; then
            echo "rebuild-scryer: $(basename "$p") does not apply; git am is in progress in $gitdir" >&2
            exit 1
        fi
    done
    echo "rebuild-scryer: $gitdir has scryer-prolog $version (tag 'release') and ${#patches[@]} patch commits"
    exit 0
fi

# Copy what tabula vendors, then apply the patches in order. The staging
# directory is its own git repository so that `git apply` applies every path
# there, whatever repository the temporary directory may be inside.
stage=$work/scryer-prolog
mkdir -p "$stage"
copy_release "$stage"
git -C "$stage" init -q
for p in "${patches[@]}"; do
    if ! git -C "$stage" apply --whitespace=nowarn "$p"; then
        echo "rebuild-scryer: $(basename "$p") does not apply to scryer-prolog $version" >&2
        exit 1
    fi
done
rm -rf "$stage/.git"

if [ $check = 1 ]; then
    if [ ! -d "$out" ]; then
        echo "rebuild-scryer: $out does not exist" >&2
        exit 1
    fi
    if diff -r "$stage" "$out" > "$work/diff"; then
        echo "rebuild-scryer: $out is scryer-prolog $version with the ${#patches[@]} patches of $patches_dir"
        exit 0
    fi
    cat "$work/diff"
    echo "rebuild-scryer: $out differs from scryer-prolog $version with the patches of $patches_dir" >&2
    exit 1
fi

# Replace the output directory, refusing to wipe anything that is not a copy
# of the crate.
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] &&
   ! grep -qx 'name = "scryer-prolog"' "$out/Cargo.toml" 2>/dev/null; then
    echo "rebuild-scryer: $out is neither empty nor a scryer-prolog crate; not replacing it" >&2
    exit 1
fi
mkdir -p "$out"
find "$out" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
cp -R "$stage"/. "$out"/
echo "rebuild-scryer: wrote scryer-prolog $version with ${#patches[@]} patches to $out"
