// The words of every mail Kinwise sends. Plain text: no tracking, nothing to render.
import type { Mail } from './mailer'

export function passwordResetMail(to: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: 'Reset your Kinwise password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Kinwise account.',
      '',
      `Choose a new password here (the link works once, for ${validMinutes} minutes):`,
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  }
}

export function addressInUseMail(to: string, what: 'register' | 'email_change', signInLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Someone tried to use your e-mail address on Kinwise',
    text: [
      what === 'register'
        ? 'Someone tried to create a Kinwise account with this e-mail address, which already has one.'
        : "Someone tried to change their Kinwise account's e-mail to this address, which already has an account.",
      '',
      `If it was you, sign in instead: ${signInLink}`,
      `Forgot your password? ${resetLink}`,
      '',
      'If it was not you, you need not do anything: nothing was changed.',
    ].join('\n'),
  }
}

export function welcomeMail(to: string, signInLink: string): Mail {
  return {
    to,
    subject: 'Welcome to Kinwise',
    text: ['Your Kinwise account is ready.', '', `Sign in here: ${signInLink}`].join('\n'),
  }
}
