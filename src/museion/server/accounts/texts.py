"""The words of the account pages and of the account API's refusals, in English and Spanish, in the project's
one catalogue (served to the browser by ``GET /api/texts``). Spanish uses "tú", like the rest of the site."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


REASONS = {
    "accounts.username_rules": _both(
        "A username has {min} to {max} characters: letters a–z, digits and _ . - (starting with a letter or digit).",
        "Un nombre de usuario tiene de {min} a {max} caracteres: letras a–z, cifras y _ . - (empieza por letra o "
        "cifra)."),
    "accounts.username_reserved": _both("This username is reserved: choose another.",
                                        "Este nombre de usuario está reservado: elige otro."),
    "accounts.username_taken": _both("This username has an account already: choose another.",
                                     "Este nombre de usuario ya tiene cuenta: elige otro."),
    "accounts.password_short": _both("A password needs at least {min} characters.",
                                     "Una contraseña necesita al menos {min} caracteres."),
    "accounts.password_long": _both("A password may have at most {max} characters.",
                                    "Una contraseña puede tener como mucho {max} caracteres."),
    "accounts.password_common": _both(
        "This password is among the most common ones, which are tried first: choose another.",
        "Esta contraseña es de las más comunes, que son las primeras que se prueban: elige otra."),
    "accounts.password_context": _both("A password may not contain the username or the site's name.",
                                       "Una contraseña no puede contener el nombre de usuario ni el del sitio."),
    "accounts.password_repetitive": _both(
        "A password may not be one or two characters repeated, or a sequence such as 12345678.",
        "Una contraseña no puede ser uno o dos caracteres repetidos, ni una secuencia como 12345678."),
    "accounts.signin_delayed": _both(
        "Too many failed attempts for this account or from your network: try again in {seconds} s.",
        "Demasiados intentos fallidos para esta cuenta o desde tu red: vuelve a intentarlo en {seconds} s."),
    "web.code.bad_credentials": _both("Wrong username or password.", "Usuario o contraseña incorrectos."),
    "accounts.totp_required": _both("Type the code your authenticator app shows.",
                                    "Escribe el código que muestra tu app de autenticación."),
    "accounts.totp_on": _both("Two-step sign-in is on already: turn it off first to use another device.",
                              "El inicio de sesión en dos pasos ya está activado: desactívalo antes de usar otro "
                              "dispositivo."),
    "accounts.totp_not_started": _both("Set up two-step sign-in first.",
                                       "Primero configura el inicio de sesión en dos pasos."),
    "web.code.bad_totp": _both("Wrong code, or a code already used: wait for the next one your app shows.",
                               "Código incorrecto o ya usado: espera al siguiente que muestre tu app."),
    "web.code.bad_recovery": _both("Wrong username or recovery code.",
                                   "Usuario o código de recuperación incorrectos."),
    "web.code.not_signed_in": _both("You are not signed in (or your session has ended).",
                                    "No has iniciado sesión (o tu sesión ha terminado)."),
    "web.code.csrf": _both("This page's session is out of date: reload it and try again.",
                           "La sesión de esta página está desfasada: recárgala y vuelve a intentarlo."),
    "web.code.suspended": _both("This account is suspended by the server's operator.",
                                "El operador del servidor ha suspendido esta cuenta."),
    "web.code.busy": _both("The server is busy: try again in a few seconds.",
                           "El servidor está ocupado: vuelve a intentarlo en unos segundos."),
}

PAGES = {
    "web.account.sign_in": _both("Sign in", "Iniciar sesión"),
    "web.account.sign_up": _both("Create an account", "Crear una cuenta"),
    "web.account.link": _both("Account: {name}", "Cuenta: {name}"),
    "web.account.username": _both("Username", "Nombre de usuario"),
    "web.account.password": _both("Password", "Contraseña"),
    "web.account.new_password": _both("New password", "Nueva contraseña"),
    "web.account.show_password": _both("Show the password", "Mostrar la contraseña"),
    "web.account.username_help": _both("3 to 24 characters: letters a–z, digits and _ . -",
                                       "De 3 a 24 caracteres: letras a–z, cifras y _ . -"),
    "web.account.password_help": _both(
        "At least 8 characters; a few words make a good password. No rules about digits or capitals.",
        "Al menos 8 caracteres; unas cuantas palabras forman una buena contraseña. Sin reglas de cifras ni "
        "mayúsculas."),
    "web.account.optional": _both(
        "An account is optional: anyone can play a table by its link without one.",
        "La cuenta es opcional: cualquiera puede jugar una mesa con su enlace sin ella."),
    "web.account.have_account": _both("Already have an account? Sign in", "¿Ya tienes cuenta? Inicia sesión"),
    "web.account.no_account": _both("No account yet? Create one", "¿Aún no tienes cuenta? Crea una"),
    "web.account.forgot": _both("Forgot your password? Use a recovery code",
                                "¿Olvidaste tu contraseña? Usa un código de recuperación"),
    "web.account.codes_title": _both("Your recovery codes", "Tus códigos de recuperación"),
    "web.account.codes_once": _both(
        "Write these codes down or save them now: they are shown only this once. If you forget your password, "
        "each code sets a new one, once.",
        "Anota o guarda estos códigos ahora: solo se muestran esta vez. Si olvidas tu contraseña, cada código "
        "sirve una vez para poner una nueva."),
    "web.account.codes_saved": _both("I have saved them: continue", "Los he guardado: continuar"),
    "web.account.recover_title": _both("A new password with a recovery code",
                                       "Nueva contraseña con un código de recuperación"),
    "web.account.code": _both("Recovery code", "Código de recuperación"),
    "web.account.set_password": _both("Set the new password", "Poner la nueva contraseña"),
    "web.account.codes_left": _both("Recovery codes left: {n}", "Códigos de recuperación restantes: {n}"),
    "web.account.title": _both("Your account", "Tu cuenta"),
    "web.account.created": _both("Account created on {date}", "Cuenta creada el {date}"),
    "web.account.sessions": _both("Browsers signed in: {n}", "Navegadores con la sesión iniciada: {n}"),
    "web.account.sign_out": _both("Sign out", "Cerrar sesión"),
    "web.account.sign_out_everywhere": _both("Log out everywhere", "Cerrar sesión en todas partes"),
    "web.account.download": _both("Download my data (JSON)", "Descargar mis datos (JSON)"),
    "web.account.change_title": _both("Change the password", "Cambiar la contraseña"),
    "web.account.current_password": _both("Current password", "Contraseña actual"),
    "web.account.changed": _both("Your password is changed; other browsers are signed out.",
                                 "Tu contraseña ha cambiado; los demás navegadores han cerrado la sesión."),
    "web.account.codes_new_title": _both("New recovery codes", "Nuevos códigos de recuperación"),
    "web.account.codes_new_help": _both(
        "New codes replace the ones you have: useful when few are left or someone may have seen them.",
        "Los códigos nuevos sustituyen a los que tienes: útil cuando te quedan pocos o alguien ha podido verlos."),
    "web.account.codes_new": _both("Make new codes", "Crear códigos nuevos"),
    "web.account.totp_title": _both("Two-step sign-in", "Inicio de sesión en dos pasos"),
    "web.account.totp_help": _both(
        "Optional: besides your password, signing in asks for a 6-digit code from an authenticator app on your "
        "phone (any app that reads a QR code). Someone who learns your password cannot sign in without it.",
        "Opcional: además de tu contraseña, al iniciar sesión se pide un código de 6 cifras de una app de "
        "autenticación del móvil (cualquiera que lea un código QR). Quien sepa tu contraseña no puede entrar sin "
        "él."),
    "web.account.totp_is_on": _both("Two-step sign-in is on.", "El inicio de sesión en dos pasos está activado."),
    "web.account.totp_is_off": _both("Two-step sign-in is off.",
                                     "El inicio de sesión en dos pasos está desactivado."),
    "web.account.totp_start": _both("Set up two-step sign-in", "Configurar el inicio en dos pasos"),
    "web.account.totp_scan": _both(
        "Scan this QR code with your authenticator app, or type the key into it. Then type the code the app shows.",
        "Escanea este código QR con tu app de autenticación o escribe en ella la clave. Después escribe el código "
        "que muestra la app."),
    "web.account.totp_qr": _both("QR code for your authenticator app", "Código QR para tu app de autenticación"),
    "web.account.totp_key": _both("Key: {key}", "Clave: {key}"),
    "web.account.totp_code": _both("Code from the app", "Código de la app"),
    "web.account.totp_confirm": _both("Turn two-step sign-in on", "Activar el inicio en dos pasos"),
    "web.account.totp_on_done": _both("Two-step sign-in is on; other browsers are signed out.",
                                      "El inicio de sesión en dos pasos está activado; los demás navegadores han "
                                      "cerrado la sesión."),
    "web.account.totp_off": _both("Turn two-step sign-in off", "Desactivar el inicio en dos pasos"),
    "web.account.totp_off_code": _both("Code from the app, or a recovery code if you lost the phone",
                                       "Código de la app, o un código de recuperación si perdiste el móvil"),
    "web.account.totp_off_done": _both("Two-step sign-in is off.",
                                       "El inicio de sesión en dos pasos está desactivado."),
    "web.account.totp_signin": _both("This account uses two-step sign-in: type the code your authenticator app "
                                     "shows for Museion. Lost the phone? A recovery code still lets you in (link "
                                     "below).",
                                     "Esta cuenta usa el inicio de sesión en dos pasos: escribe el código que tu app "
                                     "de autenticación muestra para Museion. ¿Perdiste el móvil? Un código de "
                                     "recuperación te sigue dejando entrar (enlace de abajo)."),
    "web.account.delete_title": _both("Delete the account", "Borrar la cuenta"),
    "web.account.delete_help": _both(
        "Deleting removes your username, your password, your sessions and the chat lines you wrote at tables for "
        "good. The tables you played stay, without your account: your seats show \"deleted player\", and a bot "
        "plays your seats of running games to the end.",
        "Al borrarla se eliminan para siempre tu nombre de usuario, tu contraseña, tus sesiones y los mensajes de "
        "chat que escribiste en las mesas. Las mesas que jugaste se quedan, sin tu cuenta: tus asientos muestran "
        "«jugador eliminado», y un bot juega hasta el final tus asientos de las partidas en curso."),
    "web.account.confirm_password": _both("Your password, to confirm", "Tu contraseña, para confirmar"),
    "web.account.delete": _both("Delete my account", "Borrar mi cuenta"),
    "web.account.deleted": _both("Your account is deleted.", "Tu cuenta está borrada."),
    "web.account.signed_out": _both("You are signed out.", "Has cerrado la sesión."),
    "web.account.privacy": _both("Privacy", "Privacidad"),
    "web.privacy.title": _both("Privacy on this server", "Privacidad en este servidor"),
    "web.privacy.guests": _both(
        "Playing needs no account. A table keeps the name you type for it and the moves; your browser keeps the "
        "key that holds your seat. With each table the server keeps a hash of the network address that created "
        "it, to limit how many tables one address may open.",
        "Para jugar no hace falta cuenta. Una mesa guarda el nombre que escribes para ella y las jugadas; tu "
        "navegador guarda la clave que te reserva el asiento. Con cada mesa el servidor guarda un resumen cifrado "
        "de la dirección de red que la creó, para limitar cuántas mesas abre una misma dirección."),
    "web.privacy.account": _both(
        "An account keeps your username, a hash of your password (Argon2id: the password itself is never "
        "stored), the date it was made, and one session for each browser signed in, stored as a hash of its "
        "cookie and ended after 30 days or when you sign out. Recovery codes are kept as hashes too. With "
        "two-step sign-in on, the server keeps its key (which the codes are made from) until you turn it off.",
        "Una cuenta guarda tu nombre de usuario, un resumen cifrado de tu contraseña (Argon2id: la contraseña "
        "nunca se guarda), la fecha en que se creó y una sesión por cada navegador con la sesión iniciada, "
        "guardada como resumen cifrado de su cookie y terminada a los 30 días o al cerrar sesión. Los códigos de "
        "recuperación también se guardan cifrados. Con el inicio de sesión en dos pasos activado, el servidor "
        "guarda su clave (de la que salen los códigos) hasta que lo desactives."),
    "web.privacy.cookies": _both(
        "The only cookie is the session cookie, set when you sign in; the account needs it to work. No tracking, "
        "no third parties, no adverts. Your language and your seats stay in your browser's storage.",
        "La única cookie es la de la sesión, que se pone al iniciar sesión; la cuenta la necesita para funcionar. "
        "Sin seguimiento, sin terceros, sin anuncios. Tu idioma y tus asientos se quedan en el almacenamiento de "
        "tu navegador."),
    "web.privacy.guessing": _both(
        "Failed sign-ins are counted in the server's memory, by username and by network, for at most a day, to "
        "hold back password guessing; they are written neither to the database nor to logs.",
        "Los intentos fallidos de iniciar sesión se cuentan en la memoria del servidor, por nombre de usuario y "
        "por red, durante un día como mucho, para frenar a quien intente adivinar contraseñas; no se escriben ni "
        "en la base de datos ni en los registros."),
    "web.privacy.rights": _both(
        "On your account page you can download everything kept about your account (a JSON file, with the chat "
        "lines you wrote at tables) and delete the account. Deleting removes your username, password hash, "
        "sessions, recovery codes and chat lines at once; the tables you played stay, without your account.",
        "En la página de tu cuenta puedes descargar todo lo que se guarda de ella (un archivo JSON, con los "
        "mensajes de chat que escribiste en las mesas) y borrarla. Al borrarla se eliminan a la vez tu nombre de "
        "usuario, el resumen de tu contraseña, tus sesiones, tus códigos de recuperación y tus mensajes de chat; "
        "las mesas que jugaste se quedan, sin tu cuenta."),
    "web.privacy.operator": _both(
        "The operator of this server can set a new password for an account, suspend it or delete it; ask them "
        "for anything else.",
        "El operador de este servidor puede poner una nueva contraseña a una cuenta, suspenderla o borrarla; "
        "pídele cualquier otra cosa."),
}

TEXTS = {**REASONS, **PAGES}
i18n.register(TEXTS)
