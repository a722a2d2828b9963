// Calls of the auth feature (SPEC §7).
import { request } from '@/platform/http';

export type TCodePurpose = 'login' | 'register' | 'reset' | 'inquiry';

export const sendSmsCode = (phonenumber: string, purpose: TCodePurpose = 'login') => request('get', '/resource/sms/code', { phonenumber, purpose });
export const sendEmailCode = (email: string, purpose: 'register' | 'reset') => request('post', '/api/resource/emailCode', { email, purpose });

export const loginByPassword = (phoneOrEmail: string, password: string) =>
  request<{ access_token: string }>('post', '/auth/member/login', { phoneOrEmail, password, loginType: 'password' });
export const loginBySms = (mobile: string, verify: string) => request<{ access_token: string }>('post', '/auth/member/login', { mobile, verify, loginType: 'sms' });

export type TContactStep = { contactType: 'Phone'; mobile: string; code: string } | { contactType: 'Email'; email: string; code: string };
export const verifyRegistration = (step: TContactStep & { agree: boolean }) => request<{ ticket: string }>('post', '/auth/member/register/verify', step);
export const completeRegistration = (ticket: string, password: string, confirmPassword: string) =>
  request<{ access_token: string }>('post', '/auth/member/register', { ticket, password, confirmPassword });
export const verifyReset = (step: TContactStep) => request<{ ticket: string }>('post', '/auth/member/reset/verify', step);
export const completeReset = (ticket: string, password: string, confirmPassword: string) => request('post', '/auth/member/reset', { ticket, password, confirmPassword });
