// Calls of the profile feature (SPEC §7 member calls).
import { loadHttpClient, request } from '@/platform/http';
import type { TEnvelope } from '@contracts/api';

export async function uploadAvatar(file: File): Promise<TEnvelope<{ avatar: string }>> {
  const form = new FormData();
  form.append('avatarfile', file);
  const res = await (await loadHttpClient()).post<TEnvelope<{ avatar: string }>>('/api/member/avatar', form);
  return res.data ?? { code: 500, msg: '上传失败' };
}
export const updatePwd = (body: { oldPassword?: string; password: string; confirmPassword: string }) => request('put', '/api/member/updatePwd', body);
export const updateUname = (uname: string) => request('put', '/api/member/updateUname', { uname });
export const updateRname = (realName: string) => request('put', '/api/member/updateRname', { realName });
export const sendMemberSmsCode = (purpose: 'verify' | 'bind' | 'remove', mobile?: string) => request('post', '/api/resource/smsCode', { purpose, mobile });
export const sendMemberEmailCode = (purpose: 'verify' | 'bind' | 'remove', email?: string) => request('post', '/api/resource/emailCode', { purpose, email });
export const validSmsCode = (code: string) => request<{ ticket: string }>('post', '/api/member/validSmsCode', { code });
export const validEmailCode = (code: string) => request<{ ticket: string }>('post', '/api/member/validEmailCode', { code });
export const updateMobile = (mobile: string, code: string, ticket?: string) => request('put', '/api/member/updateMobile', { mobile, code, ticket });
export const updateEmail = (email: string, code: string, ticket?: string) => request('put', '/api/member/updateEmail', { email, code, ticket });
export const removeAccount = (channel: 'sms' | 'email', code: string) => request('delete', '/api/member/remove', { channel, code });
