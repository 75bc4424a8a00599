import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMISSION_NUMBER_RE,
  admissionNumberOf,
  AUDIT_STATUS,
  type ArrangementInput,
  type ArrangementResult,
  type ExamSite,
  maskIdCard,
} from '@tegang/domain';
import { admissionTicket, enroll, ticketArrangement } from '../../src/db/schema';
import {
  planArrangement,
  regionPrefix,
  seatKey,
  siteOf,
  type Applicant,
} from '../../src/modules/admission-ticket/arrangement';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { BASE, COUNTIES, insertApplicants, insertPlan, ticketsOfPlan, type ApplicantSpec } from './fixtures';

const SITES: ExamSite[] = [
  { code: '01', name: '贵阳一中', address: '贵阳市南明区1号', regionCode: '520100' },
  { code: '02', name: '六盘水一中', address: '六盘水市钟山区2号', regionCode: '520200' },
];
const settings = (planId: number, roomSize = 30): ArrangementInput => ({
  planId,
  roomSize,
  examDate: '2031-07-04',
  examTime: '09:00-11:30',
  examinationRoomNotice: '请携带身份证和准考证',
  sites: SITES,
});

describe('arrangement: pure functions', () => {
  it('matches sites by region prefix, the longest wins, ties to the first', () => {
    expect(regionPrefix('520000')).toBe('52');
    expect(regionPrefix('520100')).toBe('5201');
    expect(regionPrefix('520102')).toBe('520102');
    const sites: ExamSite[] = [
      { code: '01', name: 'a', address: 'a', regionCode: '520000' },
      { code: '02', name: 'b', address: 'b', regionCode: '520100' },
      { code: '03', name: 'c', address: 'c', regionCode: '520100' },
      { code: '04', name: 'd', address: 'd', regionCode: '520102' },
    ];
    expect(siteOf('520102', sites)?.code).toBe('04');
    expect(siteOf('520103', sites)?.code).toBe('02');
    expect(siteOf('520203', sites)?.code).toBe('01');
    expect(siteOf('530102', sites)).toBeNull();
    // the unassigned list masks as every list does (the domain's maskIdCard)
    expect(maskIdCard('520102199803071234')).toBe('520102********1234');
  });

  it('seats in a stable shuffled order, not alphabetical, one group per room, rooms of roomSize', () => {
    const applicants: Applicant[] = Array.from({ length: 25 }, (_, i) => ({
      enrollId: i + 1,
      name: `n${i}`,
      idCard: `52010219900101${String(1000 + i)}`,
      countyCode: '520102',
      enrollCounty: '南明区',
      academicSession: i % 2 ? '02' : '03',
      subject: '01',
    }));
    const input = { ...settings(7, 5), sites: [SITES[0]!] };
    const a = planArrangement(input, '2031', applicants, []);
    const b = planArrangement(input, '2031', [...applicants].reverse(), []);
    const seats = (p: typeof a) =>
      Object.fromEntries(p.tickets.map((t) => [t.enrollId, `${t.examRoomNumber}-${t.seatNumber}`]));
    expect(seats(a)).toEqual(seats(b));
    // 12 of '02' → 3 rooms, 13 of '03' → 3 rooms.
    expect(a.result.rooms.map((r) => [r.roomNumber, r.academicSession, r.seats])).toEqual([
      ['001', '02', 5],
      ['002', '02', 5],
      ['003', '02', 2],
      ['004', '03', 5],
      ['005', '03', 5],
      ['006', '03', 3],
    ]);
    const firstRoom = a.tickets.filter((t) => t.examRoomNumber === '001').map((t) => t.enrollId);
    const byKey = applicants
      .filter((x) => x.academicSession === '02')
      .sort((x, y) => (seatKey(7, x.idCard) < seatKey(7, y.idCard) ? -1 : 1))
      .slice(0, 5)
      .map((x) => x.enrollId);
    expect(firstRoom).toEqual(byKey);
    expect(firstRoom).not.toEqual([2, 4, 6, 8, 10]);
    expect(a.tickets[0]!.admissionNumber).toBe(admissionNumberOf('2031', '520100', '01', 1, 1));
  });

  it('refuses a room size the seat number cannot hold', () => {
    expect(() => planArrangement({ ...settings(1), roomSize: 120 }, '2031', [], [])).toThrow();
  });
});

describe('arrangement: database', () => {
  let t: TestApp;
  let token: string;
  let planId: number;
  let passedIds: Set<number>;
  const groups: [string, string][] = [
    ['02', '01'],
    ['02', '02'],
    ['03', '01'],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.adminToken();
    planId = (await insertPlan(t)).id;
    const specs: ApplicantSpec[] = [];
    const counties = ['nanming', 'yunyan', 'liuzhi', 'nanming', 'liuzhi', 'yunyan', 'nanming'] as const;
    for (let i = 0; i < 320; i++) {
      const [academicSession, subject] = groups[i % 3]!;
      specs.push({
        county: i % 29 === 0 ? 'zunyi' : counties[i % counties.length],
        academicSession,
        subject,
        auditStatus:
          i % 11 === 5 ? AUDIT_STATUS.rejected : i % 13 === 7 ? AUDIT_STATUS.pending : AUDIT_STATUS.passed,
      });
    }
    const rows = await insertApplicants(t, planId, specs);
    passedIds = new Set(rows.filter((r) => r.auditStatus === AUDIT_STATUS.passed).map((r) => r.id));
  });
  afterAll(async () => t?.close());

  const arrange = (path: 'arrange' | 'arrange/preview', body: unknown, as = token) =>
    t.call<ArrangementResult>('POST', `${BASE}/${path}`, { token: as, body });

  async function ticketsWithGroups() {
    return t.database.db
      .select({ ticket: admissionTicket, academicSession: enroll.academicSession, subject: enroll.subject })
      .from(admissionTicket)
      .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
      .where(eq(admissionTicket.planId, planId));
  }

  function checkInvariants(rows: Awaited<ReturnType<typeof ticketsWithGroups>>, roomSize: number) {
    const seats = new Set<string>();
    const numbers = new Set<string>();
    const roomGroup = new Map<string, string>();
    const roomCount = new Map<string, number>();
    for (const { ticket: x, academicSession, subject } of rows) {
      const seat = `${x.examPlace}|${x.examRoomNumber}|${x.seatNumber}`;
      expect(seats.has(seat)).toBe(false);
      seats.add(seat);
      expect(numbers.has(x.admissionNumber)).toBe(false);
      numbers.add(x.admissionNumber);
      expect(x.admissionNumber).toMatch(ADMISSION_NUMBER_RE);
      const site = SITES.find((s) => s.name === x.examPlace)!;
      expect(x.admissionNumber).toBe(
        admissionNumberOf('2031', site.regionCode, site.code, Number(x.examRoomNumber), Number(x.seatNumber)),
      );
      expect(Number(x.seatNumber)).toBeGreaterThanOrEqual(1);
      expect(Number(x.seatNumber)).toBeLessThanOrEqual(roomSize);
      const room = `${x.examPlace}|${x.examRoomNumber}`;
      const group = `${academicSession}|${subject}`;
      expect(roomGroup.get(room) ?? group).toBe(group);
      roomGroup.set(room, group);
      roomCount.set(room, (roomCount.get(room) ?? 0) + 1);
      expect(passedIds.has(x.enrollId)).toBe(true);
    }
    for (const n of roomCount.values()) expect(n).toBeLessThanOrEqual(roomSize);
  }

  it('previews without writing, then arranges with every invariant held', async () => {
    const preview = await arrange('arrange/preview', settings(planId));
    expect(preview.status).toBe(200);
    expect(preview.body.data.saved).toBe(false);
    expect(await ticketsOfPlan(t, planId)).toEqual([]);
    expect(
      await t.database.db.select().from(ticketArrangement).where(eq(ticketArrangement.planId, planId)),
    ).toEqual([]);
    expect((await t.call('GET', `${BASE}/arrange/${planId}`, { token })).body.data).toBeNull();

    const saved = await arrange('arrange', settings(planId));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...preview.body.data, saved: true });
    const result = saved.body.data;
    expect(result.applicants).toBe(passedIds.size);
    const zunyi = await t.database.db
      .select({ id: enroll.id })
      .from(enroll)
      .where(eq(enroll.countyCode, COUNTIES.zunyi.countyCode));
    const unassignedIds = zunyi.map((z) => z.id).filter((id) => passedIds.has(id));
    expect(result.unassigned.map((u) => u.enrollId).sort()).toEqual(unassignedIds.sort());
    for (const u of result.unassigned) expect(u.idCard).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    expect(result.arranged).toBe(passedIds.size - unassignedIds.length);

    const rows = await ticketsWithGroups();
    expect(rows.length).toBe(result.arranged);
    checkInvariants(rows, 30);
    // Rooms numbered 001… per site, seats 01… in each.
    for (const site of SITES) {
      const rooms = [
        ...new Set(rows.filter((r) => r.ticket.examPlace === site.name).map((r) => r.ticket.examRoomNumber)),
      ];
      expect(rooms.sort()).toEqual(rooms.map((_, i) => String(i + 1).padStart(3, '0')));
    }
    expect(rows.every((r) => r.ticket.examinationRoomNotice === '请携带身份证和准考证')).toBe(true);
    expect((await t.call('GET', `${BASE}/arrange/${planId}`, { token })).body.data).toMatchObject({
      planId,
      roomSize: 30,
      sites: SITES,
    });

    // Same input, same seats (nothing changed, nothing marked stale).
    await t.database.db
      .update(admissionTicket)
      .set({ ticketCreateStatus: '1' })
      .where(eq(admissionTicket.planId, planId));
    const again = await arrange('arrange', settings(planId));
    expect(again.body.data.rooms).toEqual(result.rooms);
    const after = await ticketsWithGroups();
    const seatOf = (r: typeof rows) =>
      Object.fromEntries(r.map((x) => [x.ticket.enrollId, `${x.ticket.admissionNumber}`]));
    expect(seatOf(after)).toEqual(seatOf(rows));
    expect(after.every((r) => r.ticket.ticketCreateStatus === '1')).toBe(true);
  });

  it('keeps distributed tickets as they are and fills around them', async () => {
    const before = await ticketsWithGroups();
    // Distribute the odd seats of room 001 of site 01 and a few others.
    const distributed = before
      .filter(
        (r) =>
          (r.ticket.examPlace === '贵阳一中' &&
            r.ticket.examRoomNumber === '001' &&
            Number(r.ticket.seatNumber) % 2) ||
          r.ticket.id % 17 === 0,
      )
      .map((r) => r.ticket.id);
    await t.database.db
      .update(admissionTicket)
      .set({ status: '1' })
      .where(inArray(admissionTicket.id, distributed));
    const kept = await t.database.db
      .select()
      .from(admissionTicket)
      .where(inArray(admissionTicket.id, distributed));

    // New applicants join, and the room size drops to 20.
    const [session, subject] = groups[0]!;
    const joined = await insertApplicants(
      t,
      planId,
      Array.from({ length: 12 }, () => ({ county: 'nanming' as const, academicSession: session, subject })),
    );
    for (const j of joined) passedIds.add(j.id);
    const result = (await arrange('arrange', settings(planId, 20))).body.data;
    expect(result.kept).toBe(distributed.length);

    const after = await ticketsWithGroups();
    const stillKept = after.filter((r) => distributed.includes(r.ticket.id)).map((r) => r.ticket);
    expect(stillKept.sort((a, b) => a.id - b.id)).toEqual(kept.sort((a, b) => a.id - b.id));
    checkInvariants(after, 30);
    const fresh = after.filter((r) => !distributed.includes(r.ticket.id));
    for (const r of fresh) expect(Number(r.ticket.seatNumber)).toBeLessThanOrEqual(20);
    for (const j of joined) expect(after.some((r) => r.ticket.enrollId === j.id)).toBe(true);
    // Room 001 of site 01 (kept odd seats) is filled up to seat 20 by its own group.
    const room1 = after.filter((r) => r.ticket.examPlace === '贵阳一中' && r.ticket.examRoomNumber === '001');
    const room1Seats = new Set(room1.map((r) => Number(r.ticket.seatNumber)));
    for (let seat = 1; seat <= 20; seat++) expect(room1Seats.has(seat)).toBe(true);
    // Rooms without kept tickets are numbered after the highest room holding kept tickets of the site.
    for (const site of SITES) {
      const keptRooms = kept.filter((k) => k.examPlace === site.name).map((k) => Number(k.examRoomNumber));
      const highest = Math.max(0, ...keptRooms);
      const newRooms = fresh
        .filter(
          (r) => r.ticket.examPlace === site.name && !keptRooms.includes(Number(r.ticket.examRoomNumber)),
        )
        .map((r) => Number(r.ticket.examRoomNumber));
      for (const n of newRooms) expect(n).toBeGreaterThan(highest);
    }
  });

  it('is the province’s: its own province account arranges every county, a county office none', async () => {
    // Arrangement settings hold every county's sites and notice (docs/decisions.md "Arrangement
    // settings belong to the province").
    const province = await makeAdmin(t, { provinceCode: COUNTIES.liuzhi.provinceCode });
    const preview = (await arrange('arrange/preview', settings(planId), province)).body.data;
    expect(preview.applicants).toBe(passedIds.size);
    const county = await makeAdmin(t, {
      provinceCode: COUNTIES.liuzhi.provinceCode,
      cityCode: COUNTIES.liuzhi.cityCode,
      countyCode: COUNTIES.liuzhi.countyCode,
    });
    const stored = await t.database.db.select().from(ticketArrangement);
    const refused = await arrange('arrange', settings(planId, 5), county);
    expect([refused.status, refused.body.msg]).toEqual([403, '仅省级账号可以修改考场编排及其设置']);
    expect((await t.call('GET', `${BASE}/arrange/${planId}`, { token: county })).status).toBe(403);
    expect(await t.database.db.select().from(ticketArrangement)).toEqual(stored);
  });

  it('answers 404 for an unknown plan and 400 naming the field', async () => {
    expect((await arrange('arrange/preview', settings(99999999))).status).toBe(404);
    const bad = await arrange('arrange', {
      ...settings(planId),
      sites: [{ ...SITES[0], regionCode: '5201' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('考点所辖地区');
    const size = await arrange('arrange', { ...settings(planId), roomSize: 150 });
    expect(size.status).toBe(400);
    expect(size.body.msg).toContain('每考场人数');
    const twice = await arrange('arrange/preview', {
      ...settings(planId),
      sites: [SITES[0], { ...SITES[1], name: SITES[0]!.name }],
    });
    expect([twice.status, twice.body.msg]).toEqual([
      400,
      '考点名称“贵阳一中”重复，每个考点的编号和名称须不同',
    ]);
  });
});
