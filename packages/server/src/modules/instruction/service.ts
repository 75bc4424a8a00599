/** Instruction types (spec §3 Instruction; GET /recruit/instruction/getInstructionType). */
export const INSTRUCTION_TYPE_ENROLL_NOTICE = '1';
