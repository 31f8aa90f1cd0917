"""The words of the account pages and of the account API's refusals, in English (the catalogues translate them), in the
project's one catalogue (served to the browser by ``GET /api/texts``). Spanish uses "tú", like the rest of the site."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

REASONS = messages(
    msg("accounts.username_rules",
        "A username has {min} to {max} characters: letters a–z, digits and _ . - (starting with a letter or digit)."),
    msg("accounts.username_reserved", "This username is reserved: choose another."),
    msg("accounts.username_taken", "This username has an account already: choose another."),
    msg("accounts.password_short", "A password needs at least {min} characters."),
    msg("accounts.password_long", "A password may have at most {max} characters."),
    msg("accounts.password_common",
        "This password is among the most common ones, which are tried first: choose another."),
    msg("accounts.password_context", "A password may not contain the username or the site's name."),
    msg("accounts.password_repetitive",
        "A password may not be one or two characters repeated, or a sequence such as 12345678."),
    msg("accounts.signin_delayed",
        "Too many failed attempts for this account or from your network: try again in {seconds} s."),
    msg("web.code.bad_credentials", "Wrong username or password."),
    msg("accounts.totp_required", "Type the code your authenticator app shows."),
    msg("accounts.totp_on", "Two-step sign-in is on already: turn it off first to use another device."),
    msg("accounts.totp_not_started", "Set up two-step sign-in first."),
    msg("web.code.bad_totp", "Wrong code, or a code already used: wait for the next one your app shows."),
    msg("web.code.bad_recovery", "Wrong username or recovery code."),
    msg("web.code.not_signed_in", "You are not signed in (or your session has ended)."),
    msg("web.code.csrf", "This page's session is out of date: reload it and try again."),
    msg("web.code.suspended", "This account is suspended by the server's operator."),
    msg("web.code.busy", "The server is busy: try again in a few seconds."),
)

PAGES = messages(
    msg("web.account.sign_in", "Sign in"),
    msg("web.account.sign_up", "Create an account"),
    msg("web.account.link", "Account: {name}"),
    msg("web.account.username", "Username"),
    msg("web.account.password", "Password"),
    msg("web.account.new_password", "New password"),
    msg("web.account.show_password", "Show the password"),
    msg("web.account.username_help", "3 to 24 characters: letters a–z, digits and _ . -"),
    msg("web.account.password_help",
        "At least 8 characters; a few words make a good password. No rules about digits or capitals."),
    msg("web.account.optional", "An account is optional: anyone can play a table by its link without one."),
    msg("web.account.have_account", "Already have an account? Sign in"),
    msg("web.account.no_account", "No account yet? Create one"),
    msg("web.account.forgot", "Forgot your password? Use a recovery code"),
    msg("web.account.codes_title", "Your recovery codes"),
    msg("web.account.codes_once",
        "Write these codes down or save them now: they are shown only this once. If you forget your password, each "
        "code sets a new one, once."),
    msg("web.account.codes_saved", "I have saved them: continue"),
    msg("web.account.recover_title", "A new password with a recovery code"),
    msg("web.account.code", "Recovery code"),
    msg("web.account.set_password", "Set the new password"),
    msg("web.account.codes_left", "Recovery codes left: {n}"),
    msg("web.account.title", "Your account"),
    msg("web.account.created", "Account created on {date}"),
    msg("web.account.sessions", "Browsers signed in: {n}"),
    msg("web.account.sign_out", "Sign out"),
    msg("web.account.sign_out_everywhere", "Log out everywhere"),
    msg("web.account.download", "Download my data (JSON)"),
    msg("web.account.change_title", "Change the password"),
    msg("web.account.current_password", "Current password"),
    msg("web.account.changed", "Your password is changed; other browsers are signed out."),
    msg("web.account.codes_new_title", "New recovery codes"),
    msg("web.account.codes_new_help",
        "New codes replace the ones you have: useful when few are left or someone may have seen them."),
    msg("web.account.codes_new", "Make new codes"),
    msg("web.account.totp_title", "Two-step sign-in"),
    msg("web.account.totp_help",
        "Optional: besides your password, signing in asks for a 6-digit code from an authenticator app on your phone "
        "(any app that reads a QR code). Someone who learns your password cannot sign in without it."),
    msg("web.account.totp_is_on", "Two-step sign-in is on."),
    msg("web.account.totp_is_off", "Two-step sign-in is off."),
    msg("web.account.totp_start", "Set up two-step sign-in"),
    msg("web.account.totp_scan",
        "Scan this QR code with your authenticator app, or type the key into it. Then type the code the app shows."),
    msg("web.account.totp_qr", "QR code for your authenticator app"),
    msg("web.account.totp_key", "Key: {key}"),
    msg("web.account.totp_code", "Code from the app"),
    msg("web.account.totp_confirm", "Turn two-step sign-in on"),
    msg("web.account.totp_on_done", "Two-step sign-in is on; other browsers are signed out."),
    msg("web.account.totp_off", "Turn two-step sign-in off"),
    msg("web.account.totp_off_code", "Code from the app, or a recovery code if you lost the phone"),
    msg("web.account.totp_off_done", "Two-step sign-in is off."),
    msg("web.account.totp_signin",
        "This account uses two-step sign-in: type the code your authenticator app shows for Museion. Lost the phone? "
        "A recovery code still lets you in (link below)."),
    msg("web.account.delete_title", "Delete the account"),
    msg("web.account.delete_help",
        "Deleting removes your username, your password, your sessions and the chat lines you wrote at tables for "
        "good. The tables you played stay, without your account: your seats show \"deleted player\", and a bot plays "
        "your seats of running games to the end."),
    msg("web.account.confirm_password", "Your password, to confirm"),
    msg("web.account.delete", "Delete my account"),
    msg("web.account.deleted", "Your account is deleted."),
    msg("web.account.signed_out", "You are signed out."),
    msg("web.account.privacy", "Privacy"),
    msg("web.privacy.title", "Privacy on this server"),
    msg("web.privacy.guests",
        "Playing needs no account. A table keeps the name you type for it and the moves; your browser keeps the key "
        "that holds your seat. With each table the server keeps a hash of the network address that created it, to "
        "limit how many tables one address may open."),
    msg("web.privacy.account",
        "An account keeps your username, a hash of your password (Argon2id: the password itself is never stored), "
        "the date it was made, and one session for each browser signed in, stored as a hash of its cookie and ended "
        "after 30 days or when you sign out. Recovery codes are kept as hashes too. With two-step sign-in on, the "
        "server keeps its key (which the codes are made from) until you turn it off."),
    msg("web.privacy.cookies",
        "The only cookie is the session cookie, set when you sign in; the account needs it to work. No tracking, no "
        "third parties, no adverts. Your language and your seats stay in your browser's storage."),
    msg("web.privacy.guessing",
        "Failed sign-ins are counted in the server's memory, by username and by network, for at most a day, to hold "
        "back password guessing; they are written neither to the database nor to logs."),
    msg("web.privacy.rights",
        "On your account page you can download everything kept about your account (a JSON file, with the chat lines "
        "you wrote at tables) and delete the account. Deleting removes your username, password hash, sessions, "
        "recovery codes and chat lines at once; the tables you played stay, without your account."),
    msg("web.privacy.operator",
        "The operator of this server can set a new password for an account, suspend it or delete it; ask them for "
        "anything else."),
)

TEXTS = {**REASONS, **PAGES}
i18n.register(TEXTS)
