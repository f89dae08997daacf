// Times the npm package baccarat-engine building all its roads from a results log, for compare.py.
//
//   node benchmarks/bench_npm.js NODE_MODULES RESULTS.txt REPEATS
//
// Prints {"seconds": median} as JSON. The package is installed by compare.py into
// .benchmarks/npm (never committed); its API is RoadmapGenerator from its README's sample:
// bigRoad(results, {scroll: false}) then bigEyeRoad, smallRoad and cockroachPig of that Big Road.
'use strict';

const fs = require('fs');
const path = require('path');

const [modules, log, repeatsText] = process.argv.slice(2);
const RoadmapGenerator = require(path.join(modules, 'baccarat-engine', 'src', 'roadmaps', 'roadmapGenerator'));
const words = {B: 'banker', P: 'player', T: 'tie'};
const results = fs.readFileSync(log, 'utf8').split(/\s+/).filter((s) => s).map((s) => ({outcome: words[s]}));
const generator = new RoadmapGenerator();

function build() {
  const bigRoad = generator.bigRoad(results, {columns: 1 << 30, rows: 6, scroll: false});
  generator.bigEyeRoad(bigRoad);
  generator.smallRoad(bigRoad);
  generator.cockroachPig(bigRoad);
  return bigRoad;
}

const repeats = Number(repeatsText);
build(); // warm the JIT, as the Python side warms its caches
const times = [];
for (let i = 0; i < repeats; i += 1) {
  const start = process.hrtime.bigint();
  build();
  times.push(Number(process.hrtime.bigint() - start) / 1e9);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({seconds: times[Math.floor(times.length / 2)], coups: results.length}));
