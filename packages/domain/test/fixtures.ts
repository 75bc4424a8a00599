/** Shared fixtures of the domain tests. */
export const day = (d: number, h = 0) => new Date(Date.UTC(2027, 4, d, h)).toISOString();
/** A sound plan for May 2027: each stage after the previous one. */
export const soundPlan = () => ({
  name: '2027年贵州省特岗教师招聘计划',
  year: '2027',
  company: '贵州省教育厅',
  limitBirth: '1990-01-01',
  startTime: day(1),
  endTime: day(31),
  enrollStartTime: day(2),
  enrollEndTime: day(8),
  auditStartTime: day(8),
  auditEndTime: day(10),
  ticketPrintStartTime: day(10),
  ticketPrintEndTime: day(12),
  examStartTime: day(13),
  examEndTime: day(13, 6),
  scoreQueryStartTime: day(14),
  scoreQueryEndTime: day(16),
  interviewStartTime: day(17),
  interviewEndTime: day(18),
  physicalExamStartTime: day(19),
  physicalExamEndTime: day(20),
  listPublishedStartTime: day(21),
  listPublishedEndTime: day(28),
});
