import { stringTable } from '../../i18n';

/** Candidate accounts: the registered-personnel and candidate-state screens (registered in admin/strings.ts). */
const zh = {
  'admin.candidateUser.entity': '考生账号',
  'admin.candidateUser.personnelTitle': '注册人员列表',
  'admin.candidateUser.stateTitle': '考生账号状态',
  'admin.candidateUser.editPhone': '修改手机号',
  'admin.candidateUser.editPhoneTitle': '修改“{name}”的手机号',
  'admin.candidateUser.identityNote': '姓名和身份证号为考生身份信息，不能修改',
  'admin.candidateUser.enable': '启用',
  'admin.candidateUser.disable': '停用',
  'admin.candidateUser.enableConfirm': '确认启用考生“{name}”的账号吗？',
  'admin.candidateUser.disableTitle': '停用考生“{name}”的账号',
  'admin.candidateUser.disableConfirm':
    '确认停用考生“{name}”的账号吗？停用后该考生将无法登录，并被强制退出。',
  'admin.candidateUser.notApplied': '未报名',
};
const en: Record<keyof typeof zh, string> = {
  'admin.candidateUser.entity': 'candidate account',
  'admin.candidateUser.personnelTitle': 'Registered personnel',
  'admin.candidateUser.stateTitle': 'Candidate account state',
  'admin.candidateUser.editPhone': 'Edit phone',
  'admin.candidateUser.editPhoneTitle': 'Edit the phone of "{name}"',
  'admin.candidateUser.identityNote': 'Name and ID number are the candidate’s identity and cannot be changed',
  'admin.candidateUser.enable': 'Enable',
  'admin.candidateUser.disable': 'Disable',
  'admin.candidateUser.enableConfirm': 'Enable the account of candidate "{name}"?',
  'admin.candidateUser.disableTitle': 'Disable the account of candidate "{name}"',
  'admin.candidateUser.disableConfirm':
    'Disable the account of candidate "{name}"? The candidate will be logged out and cannot log in.',
  'admin.candidateUser.notApplied': 'Not applied',
};

export const candidateUserStrings = stringTable(zh, en);
