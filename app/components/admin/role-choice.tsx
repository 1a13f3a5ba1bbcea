/**
 * What an account may do, as form fields (inviting someone, changing an
 * account on /admin/users): Administrator, or Member with "Work leads"
 * and/or "Edit the site" (app/staff/permissions.ts reads them back).
 */
import { RadioGroup } from "~/components/forms/field.tsx";
import { CheckboxChoices } from "./checkbox-choices.tsx";
import {
  isAdministrator,
  permissionLabels,
  permissions,
  permissionsOf,
  type RoleField,
  type StaffRole,
} from "~/staff/permissions.ts";

const accessOptions = [
  { value: "admin", label: "Administrator" },
  { value: "member", label: "Member" },
] as const;

const permissionHints: Record<(typeof permissions)[number], string> = {
  leads: "The inbox, lead pages, bookings, conversions, the outbox, spam, data requests and the exports.",
  site: "The site's content.",
};

const choices = permissions.map((permission) => ({
  value: permission,
  label: <span className="font-semibold">{permissionLabels[permission]}</span>,
  hint: permissionHints[permission],
}));

export function RoleChoice({
  formId,
  role,
  errors,
}: {
  formId: string;
  /** The role the fields show to begin with. */
  role: StaffRole;
  errors?: Partial<Record<RoleField, string>>;
}) {
  const held = isAdministrator(role) ? [] : permissionsOf(role);
  return (
    <div className="space-y-3">
      <RadioGroup
        formId={formId}
        name="access"
        label="Account"
        options={accessOptions}
        defaultValue={isAdministrator(role) ? "admin" : "member"}
        error={errors?.access}
        required
      />
      <p className="text-sm text-slate-700">
        An administrator may do everything, including managing the team, webhooks, the audit log and erasure.
      </p>
      <CheckboxChoices
        id={`${formId}-permissions`}
        name="permissions"
        legend="A member may"
        legendClassName="text-sm font-semibold text-navy-900"
        choices={choices}
        chosen={held}
        error={errors?.permissions}
      />
    </div>
  );
}
