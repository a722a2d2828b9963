// /admin/profile: avatar, names, roles and the upgrade to purchaser.
import { useRef, useState } from 'react';
import { ZUpdateRname } from '@contracts/member';
import { UpgradeForm } from '@/features/demands/components/common';
import { Avatar } from '@/components/ui/avatar';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { refreshUser, useSession } from '@/shared/session';
import { updateRname, uploadAvatar } from './profile-api';
import { InlineEdit } from './inline-edit';

const ROLE_LABEL: Record<string, string> = { member: '会员', purchaser: '采购商', supplier: '供应商', admin: '平台管理员' };
const AVATAR_MAX = 2 * 1024 * 1024;

export default function ProfilePage() {
  const { user } = useSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  if (!user) return null;

  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) return void message.error('请选择 JPG、PNG、WebP 或 GIF 图片');
    if (file.size > AVATAR_MAX) return void message.error('头像图片不能超过2MB');
    setUploading(true);
    try {
      const res = await uploadAvatar(file);
      if (res.code !== 200) return void message.error(res.msg);
      await refreshUser();
      message.success('头像已更新');
    } catch {
      message.error('上传失败，请稍后再试');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const isPurchaser = user.roles.includes('purchaser');
  return (
    <div className="profile-grid">
      <section className="panel">
        <h1 className="admin-page-title">个人资料</h1>
        <div className="admin-welcome">
          <Avatar src={user.avatar} name={user.nickname} size={88} />
          <div>
            <button type="button" className="btn" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? '上传中...' : '更换头像'}
            </button>
            <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden data-testid="avatar-input" onChange={(e) => void onAvatar(e.target.files?.[0])} />
            <p className="field-hint">支持 JPG、PNG、WebP、GIF，不超过2MB，将裁剪为正方形</p>
          </div>
        </div>
        <dl>
          <div className="profile-row">
            <dt>昵称</dt>
            <dd data-testid="profile-nickname">{user.nickname}</dd>
          </div>
          <div className="profile-row">
            <dt>账号名</dt>
            <dd>{user.uname ?? <span className="muted">未设置</span>}</dd>
            <AppLink className="btn" to="/admin/profile/info">
              去设置
            </AppLink>
          </div>
          <InlineEdit
            label="真实姓名"
            name="realName"
            schema={ZUpdateRname}
            testId="realname-row"
            value={user.realName}
            placeholder="请输入真实姓名"
            maxLength={20}
            save={async (v) => {
              const res = await updateRname(v);
              if (res.code === 200) await refreshUser();
              return res;
            }}
          />
          <div className="profile-row">
            <dt>身份</dt>
            <dd>
              {user.roles.map((r) => (
                <span key={r} className="tag">
                  {ROLE_LABEL[r] ?? r}
                </span>
              ))}
            </dd>
          </div>
          {user.companyName && (
            <div className="profile-row">
              <dt>公司名称</dt>
              <dd>{user.companyName}</dd>
            </div>
          )}
        </dl>
      </section>
      {!isPurchaser && (
        <section className="panel" data-testid="upgrade-purchaser">
          <h2>升级为采购商</h2>
          <p className="muted">升级后可以发布求购、接收供应商报价并在线比价。请填写您所在单位的名称。</p>
          <UpgradeForm />
        </section>
      )}
    </div>
  );
}
