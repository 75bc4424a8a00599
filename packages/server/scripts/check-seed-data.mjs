#!/usr/bin/env node
// Validates src/db/seed-data/*.json. Exits 1 with a list of problems.
//
//   node scripts/check-seed-data.mjs [seedDataDir]

import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'db', 'seed-data');
const load = (f) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
const errors = [];
const check = (ok, msg) => {
  if (!ok) errors.push(msg);
};

const regions = load('regions.json');
const meta = load('regions.meta.json');
const dicts = load('dicts.json');
const demo = load('demo-plan.json');

// ---- regions ----
const byCode = new Map();
for (const r of regions) {
  check(/^\d{6}$/.test(r.code), `region code ${r.code}`);
  check(typeof r.name === 'string' && r.name.length > 0, `region name ${r.code}`);
  check([1, 2, 3].includes(r.level), `region level ${r.code}`);
  check(!byCode.has(r.code), `duplicate region ${r.code}`);
  byCode.set(r.code, r);
}
const sorted = regions.map((r) => r.code);
check(
  sorted.every((c, i) => i === 0 || sorted[i - 1] < c),
  'regions not sorted by code',
);
for (const r of regions) {
  if (r.level === 1) {
    check(r.parentCode === null && r.code.endsWith('0000'), `province ${r.code}`);
    continue;
  }
  const p = byCode.get(r.parentCode);
  check(p && p.level === r.level - 1, `${r.code} ${r.name}: parent ${r.parentCode} missing or wrong level`);
  check(r.code.slice(0, 2) === String(r.parentCode).slice(0, 2), `${r.code}: parent in another province`);
  if (r.level === 3 && p) {
    const pp = byCode.get(p.parentCode);
    check(pp && pp.level === 1, `${r.code}: city ${p.code} has no province`);
  }
}
const counts = {
  provinces: regions.filter((r) => r.level === 1).length,
  cities: regions.filter((r) => r.level === 2).length,
  counties: regions.filter((r) => r.level === 3).length,
};
check(counts.provinces >= 31, `only ${counts.provinces} provinces`);
check(counts.cities >= 300, `only ${counts.cities} cities`);
check(counts.counties >= 2800, `only ${counts.counties} counties`);
check(JSON.stringify(meta.counts) === JSON.stringify(counts), 'regions.meta.json counts differ');
check(meta.packageVersion && meta.dataYear && meta.source, 'regions.meta.json incomplete');

// ---- dicts ----
const TYPES = [
  'recruit_learning_period',
  'recruit_subject',
  'sys_yes_no',
  'sys_user_sex',
  'sys_marital_status',
  'sys_nation',
  'sys_political',
  'sys_education',
  'recruit_freshmen_type',
  'recruit_teacher_certification',
  'recruit_teacher_certification_type',
  'recruit_priority_content_type',
  'recruit_plan_category',
];
const dictByType = new Map(dicts.map((d) => [d.type, d]));
check(
  dicts.length === TYPES.length && TYPES.every((t) => dictByType.has(t)),
  'dict types differ from spec §3',
);
for (const d of dicts) {
  for (const k of ['type', 'name', 'nameEn', 'description'])
    check(typeof d[k] === 'string' && d[k], `${d.type}.${k}`);
  check(d.isSystem === '1', `${d.type}.isSystem`);
  check(Array.isArray(d.items) && d.items.length > 0, `${d.type} has no items`);
  const values = new Set();
  d.items.forEach((it, i) => {
    check(typeof it.value === 'string' && it.value, `${d.type} item ${i} value`);
    check(!values.has(it.value), `${d.type} duplicate value ${it.value}`);
    values.add(it.value);
    check(typeof it.label === 'string' && it.label, `${d.type} ${it.value} label`);
    check(typeof it.labelEn === 'string' && it.labelEn, `${d.type} ${it.value} labelEn`);
    check(Number.isInteger(it.sort), `${d.type} ${it.value} sort`);
    check(it.isDefault === 'Y' || it.isDefault === 'N', `${d.type} ${it.value} isDefault`);
  });
  check(d.items.filter((it) => it.isDefault === 'Y').length <= 1, `${d.type} has several defaults`);
}
const values = (t) => new Set((dictByType.get(t)?.items ?? []).map((i) => i.value));
const nations = values('sys_nation');
const fiftySix = Array.from({ length: 56 }, (_, i) => String(i + 1).padStart(2, '0'));
check(
  fiftySix.every((c) => nations.has(c)),
  'sys_nation lacks some of 01–56',
);
check(JSON.stringify([...values('sys_yes_no')].sort()) === '["0","1"]', 'sys_yes_no values');

// ---- demo plan ----
check(demo.provinceCode === '520000' && byCode.get(demo.provinceCode)?.level === 1, 'demo provinceCode');
for (const k of ['name', 'year', 'company', 'customerServicePhone', 'serviceCenter'])
  check(demo.plan?.[k], `demo plan.${k}`);
const cats = values('recruit_plan_category');
const edus = values('sys_education');
for (const ce of demo.categoryEducation) {
  check(cats.has(ce.category), `categoryEducation category ${ce.category}`);
  for (const e of ce.education) check(edus.has(e), `categoryEducation education ${e}`);
}
const periods = values('recruit_learning_period');
const subjects = values('recruit_subject');
const keys = new Set();
for (const row of demo.planData) {
  const r = byCode.get(row.countyCode);
  check(r && r.level === 3 && r.code.startsWith('52'), `planData county ${row.countyCode}`);
  check(cats.has(row.category), `planData category ${row.category}`);
  check(periods.has(row.learningPeriod), `planData learningPeriod ${row.learningPeriod}`);
  check(subjects.has(row.subject), `planData subject ${row.subject}`);
  check(
    Number.isInteger(row.demandNumber) && row.demandNumber >= 1 && row.demandNumber <= 10,
    `planData demand ${row.demandNumber}`,
  );
  const key = `${row.countyCode}/${row.category}/${row.learningPeriod}/${row.subject}`;
  check(!keys.has(key), `planData duplicate ${key}`);
  keys.add(key);
}
check(
  demo.planData.length >= 300 && demo.planData.length <= 800,
  `planData has ${demo.planData.length} rows`,
);
const counties = new Set(demo.planData.map((r) => r.countyCode));
const tags = (html) => [...html.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)].map((m) => m[1].toLowerCase());
const allowed = new Set(['p', 'h2', 'h3', 'ol', 'li', 'strong']);
for (const [name, html] of [
  ['enrollNotice', demo.enrollNotice],
  ['serviceCenter', demo.plan.serviceCenter],
]) {
  const bad = tags(html).filter((t) => !allowed.has(t));
  check(bad.length === 0, `${name} uses tags ${[...new Set(bad)]}`);
}

if (errors.length) {
  console.error(`${errors.length} problem(s):\n` + errors.slice(0, 50).join('\n'));
  process.exit(1);
}
console.log('seed data OK', {
  regions: counts,
  dicts: `${dicts.length} types, ${dicts.reduce((n, d) => n + d.items.length, 0)} items, ${nations.size} nation codes`,
  demoPlan: `${demo.planData.length} rows in ${counties.size} counties, ${demo.planData.reduce((n, r) => n + r.demandNumber, 0)} posts`,
});
