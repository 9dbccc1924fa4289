#!/bin/sh
# Rebuilds TestUSDT.json (ABI + creation bytecode) from TestUSDT.sol with the pinned compiler, solc-js 0.8.28 from
# npm (optimizer on, 200 runs). Run from anywhere: sh contracts/build.sh. The output is committed; the platform
# never compiles at run time.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$here"
npx --yes solc@0.8.28 --optimize --optimize-runs 200 --bin --abi -o "$out" TestUSDT.sol
node -e '
const fs = require("node:fs");
const [dir, target] = process.argv.slice(1);
const base = fs.readdirSync(dir).find((f) => f.endsWith("TestUSDT.bin")).replace(/\.bin$/, "");
const artifact = {
  contractName: "TestUSDT",
  compiler: "solc-js 0.8.28+commit.7893614a, optimizer 200 runs (contracts/build.sh)",
  abi: JSON.parse(fs.readFileSync(`${dir}/${base}.abi`, "utf8")),
  bytecode: "0x" + fs.readFileSync(`${dir}/${base}.bin`, "utf8").trim(),
};
fs.writeFileSync(target, JSON.stringify(artifact, null, 2) + "\n");
' "$out" "$here/TestUSDT.json"
echo "wrote $here/TestUSDT.json"
