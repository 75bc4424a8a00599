import {
  BellOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LockOutlined,
  SolutionOutlined,
  TrophyOutlined,
} from '@ant-design/icons';

/**
 * The icons of the candidate menu by name (pages.ts CANDIDATE_PAGES names them): imported by the
 * signed-in layout's chunk only, so the router, loaded with the login page, carries no antd icons.
 */
export const CANDIDATE_MENU_ICONS = {
  BellOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LockOutlined,
  SolutionOutlined,
  TrophyOutlined,
} as const;

export type CandidateMenuIcon = keyof typeof CANDIDATE_MENU_ICONS;
