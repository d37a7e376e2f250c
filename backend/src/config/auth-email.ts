// [auth.email] of config.toml as the Supabase CLI reads it: sign-up and confirmation switches,
// OTP length and lifetime, the mail templates ([auth.email.template.*]) and the SMTP server.
import { ConfigError } from './config-error.ts'
import type { ConfigReader } from './reader.ts'

export interface SmtpConfig {
  host: string
  port: number
  user: string
  pass: string
  adminEmail: string
  senderName: string
}

export interface EmailTemplateConfig {
  subject: string | null
  /** Absolute path of the template file. */
  contentPath: string | null
}

export interface AuthEmailConfig {
  enableSignup: boolean
  doubleConfirmChanges: boolean
  enableConfirmations: boolean
  securePasswordChange: boolean
  /**
   * GoTrue's Security.UpdatePasswordRequireCurrentPassword (a hosted project's "Require current
   * password when updating"): a key of the local stack, not of the CLI's config.toml.
   */
  updatePasswordRequireCurrentPassword: boolean
  /** Minimum time between two emails to the same address, in milliseconds. */
  maxFrequency: number
  otpLength: number
  /** Seconds an emailed OTP or link stays valid. */
  otpExpiry: number
  template: Record<string, EmailTemplateConfig>
  smtp: SmtpConfig | null
}

/** [auth.email.template.*]; content paths resolved by `inSupabaseDir`. */
export function readEmailTemplates(
  read: ConfigReader,
  inSupabaseDir: (p: string) => string
): Record<string, EmailTemplateConfig> {
  const templates: Record<string, EmailTemplateConfig> = {}
  for (const [name, value] of Object.entries(read.table('auth.email.template'))) {
    if (typeof value !== 'object' || value === null) continue
    const key = `auth.email.template.${name}`
    const contentPath = read.optional(key, 'content_path', 'string')
    templates[name] = {
      subject: read.optional(key, 'subject', 'string'),
      contentPath: contentPath === null ? null : inSupabaseDir(contentPath),
    }
  }
  return templates
}

/** [auth.email.smtp] when present and enabled; `file` names errors. */
export function readSmtp(read: ConfigReader, file: string): SmtpConfig | null {
  const smtpTable = read.table('auth.email.smtp')
  const smtpEnabled =
    Object.keys(smtpTable).length > 0 && read.get('auth.email.smtp', 'enabled', 'boolean', true)
  const smtp: SmtpConfig | null = smtpEnabled
    ? {
        host: read.get('auth.email.smtp', 'host', 'string', ''),
        port: read.get('auth.email.smtp', 'port', 'integer', 587),
        user: read.get('auth.email.smtp', 'user', 'string', ''),
        pass: read.get('auth.email.smtp', 'pass', 'string', ''),
        adminEmail: read.get('auth.email.smtp', 'admin_email', 'string', 'admin@email.com'),
        senderName: read.get('auth.email.smtp', 'sender_name', 'string', 'Admin'),
      }
    : null
  if (smtp && smtp.host === '') {
    throw new ConfigError('[auth.email.smtp] needs a host', file, read.lineOf('auth.email.smtp'))
  }
  return smtp
}

/** [auth.email]'s switches and limits, with the templates and SMTP server read above. */
export function readAuthEmail(
  read: ConfigReader,
  templates: Record<string, EmailTemplateConfig>,
  smtp: SmtpConfig | null
): AuthEmailConfig {
  return {
    enableSignup: read.get('auth.email', 'enable_signup', 'boolean', true),
    doubleConfirmChanges: read.get('auth.email', 'double_confirm_changes', 'boolean', true),
    enableConfirmations: read.get('auth.email', 'enable_confirmations', 'boolean', false),
    securePasswordChange: read.get('auth.email', 'secure_password_change', 'boolean', false),
    updatePasswordRequireCurrentPassword: read.get(
      'auth.email',
      'update_password_require_current_password',
      'boolean',
      false
    ),
    maxFrequency: read.get('auth.email', 'max_frequency', 'duration', 1000),
    otpLength: read.get('auth.email', 'otp_length', 'integer', 6),
    otpExpiry: read.get('auth.email', 'otp_expiry', 'integer', 3600),
    template: templates,
    smtp,
  }
}
