// Calls of the 采购单位 pages (issue 38): the member's organisation, 待我审批 and the platform's review queue.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TAdminOrganisation, TApprovalItem, TAwardApprovalItem, TInvitationView, TMyOrganisation, TOrganisationInput, TOrgRole, TRules } from '@contracts/organisation';

export const myOrganisationQuery = () => queryOptions({ queryKey: ['organisation', 'mine'], queryFn: () => fetchData<TMyOrganisation>('get', '/api/organisation') });
export const invitationQuery = (token: string) => queryOptions({ queryKey: ['organisation', 'invitation', token], queryFn: () => fetchData<TInvitationView>('get', `/api/organisation/join/${token}`), retry: false });
// Under 'demands': a demand's change (submitted, decided) refreshes the list.
export const approvalsQuery = () => queryOptions({ queryKey: ['demands', 'approvals'], queryFn: () => fetchData<TApprovalItem[]>('get', '/api/organisation/approvals') });

// 定标审批 (issue 38): under 'demands', so a decision anywhere refreshes it.
export const awardApprovalsQuery = () => queryOptions({ queryKey: ['demands', 'award-approvals'], queryFn: () => fetchData<TAwardApprovalItem[]>('get', '/api/organisation/award-approvals') });
export const approveAward = (id: number, verifyCode: string) => request<{ id: number; status: string }>('post', `/api/organisation/award-approvals/${id}/approve`, { verifyCode });
export const returnAward = (id: number, reason: string) => request<{ id: number; status: string }>('post', `/api/organisation/award-approvals/${id}/return`, { reason });

export const createOrganisation = (body: { name: string; code: string }) => request<{ id: number }>('post', '/api/organisation', body);
export const updateOrganisation = (body: TOrganisationInput) => request('put', '/api/organisation', body);
export const invite = (mobile: string | null) => request<{ id: number; token: string; link: string; expiresAt: string }>('post', '/api/organisation/invitations', { mobile: mobile ?? '' });
export const revokeInvitation = (id: number) => request('delete', `/api/organisation/invitations/${id}`);
export const acceptInvitation = (token: string) => request<{ organisationName: string }>('post', `/api/organisation/join/${token}`);
export const leaveOrganisation = () => request('post', '/api/organisation/leave');
export const removeMember = (memberId: number) => request('delete', `/api/organisation/members/${memberId}`);
export const setRoles = (memberId: number, roles: TOrgRole[]) => request('put', `/api/organisation/members/${memberId}/roles`, { roles });
export const saveRules = (rules: TRules) => request('put', '/api/organisation/rules', rules);
export const approveDemand = (id: number) => request<{ id: number; status: string }>('post', `/api/organisation/approvals/${id}/approve`);
export const returnDemand = (id: number, reason: string) => request<{ id: number; status: string }>('post', `/api/organisation/approvals/${id}/return`, { reason });

type TQuery = Record<string, string | number | undefined>;
const clean = (q: TQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));
export const adminOrganisationsQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'organisations', q], queryFn: () => fetchData<TPage<TAdminOrganisation>>('get', '/api/admin/organisations', clean(q)), placeholderData: (prev) => prev });
export const reviewOrganisation = (id: number, body: { decision: 'approve' | 'reject'; note: string | null }) => request('put', `/api/admin/organisations/${id}`, body);

/** The full address of an invitation link, to copy. */
export const invitationUrl = (token: string) => `${typeof window === 'undefined' ? '' : window.location.origin}/admin/purchaser/organisation?invite=${token}`;
