// /api/organisation/* (the caller's 采购单位: members, roles, invitations, rules, 待我审批) and
// /api/admin/organisations/* (the platform's verification). Every route checks on the server who
// the caller is in which organisation; the pages only hide what they cannot do.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage } from '../../../../contracts/api.js';
import {
  ZAdminOrganisation,
  ZAdminOrganisationQuery,
  ZApprovalItem,
  ZAwardApprovalItem,
  ZAwardApproveInput,
  ZAwardProposalInput,
  ZInvitationInput,
  ZInvitationView,
  ZMyOrganisation,
  ZOrganisationInput,
  ZOrgReviewBody,
  ZReturnInput,
  ZRolesInput,
  ZRulesInput,
} from '../../../../contracts/organisation.js';
import { ZIdParam } from '../../../../contracts/query.js';
import { DEMAND_STATES } from '../../../../contracts/trade.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../../lib/route-schemas.js';
import { approveDemand, pendingCount, pendingForMe, returnDemand } from './approvals.service.js';
import { approveAward, pendingAwardCount, pendingAwardsForMe, proposeAward, returnAward, withdrawAward } from './award-approvals.service.js';
import * as svc from './organisation.service.js';

const tags = ['organisation'];
const ZToken = z.object({ token: z.string().min(10, '邀请链接无效').max(64, '邀请链接无效') });
const ZMemberParam = z.object({ memberId: ZIdParam.shape.id });

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/organisation', { schema: { tags, summary: '我的采购单位（成员、角色、审批规则；管理员另见未使用的邀请）', response: { 200: envelope(ZMyOrganisation), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const m = await svc.membershipOf(app.db, me.id);
    return okData({ organisation: m ? await svc.organisationView(app.db, me, m) : null, pendingApprovals: m ? (await pendingCount(app.db, me)) + (await pendingAwardCount(app.db, me)) : 0 });
  });

  app.post('/api/organisation', { schema: { tags, summary: '创建采购单位（采购商；创建者为管理员，待平台审核）', body: ZOrganisationInput, response: { 200: envelope(z.object({ id: z.number() })), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await svc.createOrganisation(app, me, req.body), '采购单位已创建，等待平台审核');
  });

  app.put('/api/organisation', { schema: { tags, summary: '修改单位名称与代码（管理员；被驳回后修改即重新提交审核）', body: ZOrganisationInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updateOrganisation(app, me, req.body);
    return ok('单位信息已保存');
  });

  app.post('/api/organisation/invitations', { schema: { tags, summary: '邀请成员（管理员）：生成邀请链接；填写手机号时发送短信', body: ZInvitationInput, response: { 200: envelope(z.object({ id: z.number(), token: z.string(), link: z.string(), expiresAt: z.string() })), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const r = await svc.invite(app, me, req.body.mobile);
    return okData(r, req.body.mobile ? '邀请短信已发送' : '邀请链接已生成');
  });

  app.delete('/api/organisation/invitations/:id', { schema: { tags, summary: '撤销邀请（管理员）', params: ZIdParam, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.revokeInvitation(app.db, me, req.params.id);
    return ok('邀请已撤销');
  });

  app.get('/api/organisation/join/:token', { schema: { tags, summary: '邀请详情（登录会员）', params: ZToken, response: { 200: envelope(ZInvitationView), ...errorResponses } } }, async (req) => {
    await req.requireMember();
    return okData(await svc.invitationView(app.db, req.params.token));
  });

  app.post('/api/organisation/join/:token', { schema: { tags, summary: '接受邀请加入采购单位（每位会员同时只能属于一个单位）', params: ZToken, response: { 200: envelope(z.object({ organisationName: z.string() })), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const r = await svc.acceptInvitation(app, me, req.params.token);
    return okData(r, `已加入“${r.organisationName}”`);
  });

  app.post('/api/organisation/leave', { schema: { tags, summary: '退出采购单位（唯一的管理员不能退出）', response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.leave(app.db, me);
    return ok('已退出采购单位');
  });

  app.delete('/api/organisation/members/:memberId', { schema: { tags, summary: '移除成员（管理员）', params: ZMemberParam, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.removeMember(app, me, req.params.memberId);
    return ok('成员已移除');
  });

  app.put('/api/organisation/members/:memberId/roles', { schema: { tags, summary: '设置成员角色（管理员；单位至少保留一名管理员）', params: ZMemberParam, body: ZRolesInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.setRoles(app.db, me, req.params.memberId, req.body.roles);
    return ok('角色已更新');
  });

  app.put('/api/organisation/rules', { schema: { tags, summary: '审批规则（管理员）：发布求购前是否需要审批，按金额一级或两级', body: ZRulesInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.setRules(app.db, me, req.body);
    return ok('审批规则已保存');
  });

  app.get('/api/organisation/approvals', { schema: { tags, summary: '待我审批（本单位审批人；不含自己提交的）', response: { 200: envelope(z.array(ZApprovalItem)), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await pendingForMe(app.db, me));
  });

  const ZDecision = envelope(z.object({ id: z.number(), status: z.enum(DEMAND_STATES) }));
  app.post('/api/organisation/approvals/:id/approve', { schema: { tags, summary: '审批通过（最后一级通过后进入平台审核）', params: ZIdParam, response: { 200: ZDecision, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const r = await approveDemand(app, me, req.params.id);
    return okData({ id: r.id, status: r.status }, r.status === 'PENDING_REVIEW' ? '审批通过，已提交平台审核' : `第${r.level}级审批通过，等待下一级审批`);
  });

  app.post('/api/organisation/approvals/:id/return', { schema: { tags, summary: '退回申请人（须填写原因；申请人修改后可重新提交）', params: ZIdParam, body: ZReturnInput, response: { 200: ZDecision, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await returnDemand(app, me, req.params.id, req.body.reason), '已退回申请人');
  });

  // 定标审批 (issue 38 point 5): the requester proposes the award, the approvers approve or return it.
  const ZAwardDecision = envelope(z.object({ id: z.number(), status: z.enum(['pending', 'approved', 'returned']) }));
  app.post(
    '/api/organisation/award-proposals',
    { schema: { tags, summary: '提交定标审批（求购发布者；所在单位要求定标审批时代替接受报价；须指明报价版本，非最低价须填写选定理由）', body: ZAwardProposalInput, response: { 200: envelope(z.object({ id: z.number(), levels: z.number() })), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      const r = await proposeAward(app, me, req.body);
      return okData(r, r.levels > 1 ? '已提交定标审批，需两级审批通过后选定' : '已提交定标审批，审批通过后自动选定');
    },
  );

  app.post('/api/organisation/award-proposals/:id/withdraw', { schema: { tags, summary: '撤回定标申请（提交人，审批完成前）', params: ZIdParam, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await withdrawAward(app, me, req.params.id);
    return ok('定标申请已撤回');
  });

  app.get('/api/organisation/award-approvals', { schema: { tags, summary: '待我审批的定标申请（本单位审批人；含当前比价单与核验码；不含自己提交的）', response: { 200: envelope(z.array(ZAwardApprovalItem)), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await pendingAwardsForMe(app.db, me));
  });

  app.post(
    '/api/organisation/award-approvals/:id/approve',
    { schema: { tags, summary: '定标审批通过（最后一级通过后按审批的报价版本选定；报价已修改或撤回、求购已结束时申请失效并返回409；比价单核验码已变化时返回409）', params: ZIdParam, body: ZAwardApproveInput.nullish(), response: { 200: ZAwardDecision, ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      const r = await approveAward(app, me, req.params.id, req.body?.verifyCode || undefined);
      return okData(r, r.status === 'approved' ? '审批通过，已选定该报价' : `第${r.level}级审批通过，等待下一级审批`);
    },
  );

  app.post('/api/organisation/award-approvals/:id/return', { schema: { tags, summary: '退回定标申请（须填写原因）', params: ZIdParam, body: ZReturnInput, response: { 200: ZAwardDecision, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await returnAward(app, me, req.params.id, req.body.reason), '已退回申请人');
  });

  const adminTags = ['admin-organisations'];
  app.get('/api/admin/organisations', { schema: { tags: adminTags, summary: '采购单位审核队列（待审核在前）', querystring: ZAdminOrganisationQuery, response: { 200: envelope(ZPage(ZAdminOrganisation)), ...errorResponses } } }, async (req) => {
    await req.requireRole('admin');
    return okData(await svc.adminQueue(app.db, req.query));
  });

  app.put('/api/admin/organisations/:id', { schema: { tags: adminTags, summary: '审核采购单位：通过或驳回（须填写原因）', params: ZIdParam, body: ZOrgReviewBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireRole('admin');
    await svc.reviewOrganisation(app, me.id, req.params.id, req.body);
    return ok(req.body.decision === 'approve' ? '已通过审核' : '已驳回，已通知单位管理员');
  });
};
