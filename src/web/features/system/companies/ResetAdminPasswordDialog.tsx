import { type CompanyAdmin, useResetCompanyAdminPasswordMutation } from '@/web/api/generated';
import { ResetPasswordDialog } from '@/web/components/ResetPasswordDialog';

interface ResetAdminPasswordDialogProps {
  companyId: string;
  admin: CompanyAdmin | null;
  onClose: () => void;
}

/** Sets a new password for an admin of the company; they are signed out everywhere. */
export function ResetAdminPasswordDialog({ companyId, admin, onClose }: ResetAdminPasswordDialogProps) {
  const [resetPassword] = useResetCompanyAdminPasswordMutation();
  return (
    <ResetPasswordDialog
      user={admin}
      onReset={(newPassword) => resetPassword({ companyId, adminId: admin?.id ?? '', passwordResetInput: { newPassword } }).unwrap()}
      onClose={onClose}
    />
  );
}
