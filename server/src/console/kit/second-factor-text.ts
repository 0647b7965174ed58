// The console's strings of the second factor (sign-in code, Account page, its mails), in English and Spanish:
// spread into dictionary.ts, which checks that Spanish names every English key.

export const SECOND_FACTOR_EN = {
  "nav.account": "Account",
  "secondFactor.code": "Code",
  "secondFactor.codeHint":
    "The 6-digit code your authenticator app shows now, or one of your recovery codes (each works once).",
  "secondFactor.codeHintApp": "The 6-digit code your authenticator app shows now.",
  "secondFactor.wrong":
    "This code is not right, or it was already used. Wait for the next code and try again.",
  "secondFactor.locked": "Too many wrong codes. Try again in 15 minutes, or use a recovery code later.",
  "secondFactor.signIn.title": "Enter your code",
  "secondFactor.signIn.intro":
    "Your password was right. Your account has a second factor: enter the code your authenticator app shows.",
  "secondFactor.signIn.submit": "Verify and sign in",
  "secondFactor.signIn.restart": "Sign in again",
  "secondFactor.signIn.expired": "That sign-in took too long or had too many wrong codes: sign in again.",
  "secondFactor.mail.recoveryUsed.subject": "A recovery code was used to sign in to Speed-to-Lead",
  "secondFactor.mail.recoveryUsed.body":
    "Someone signed in as {email} from {address} with one of your recovery codes. If it was you, consider renewing your codes on the Account page. If it was not, sign out everywhere from the Sessions page and change your password at once.",
  "secondFactor.mail.changed.subject": "Your Speed-to-Lead second factor changed",
  "secondFactor.mail.enabled.body":
    "A second factor (an authenticator app) was set up for {email} from {address}. Signing in now asks for its code. If this was not you, tell another owner of your account at once.",
  "secondFactor.mail.codesRenewed.body":
    "New recovery codes were made for {email} from {address}; the old ones no longer work. If this was not you, tell another owner of your account at once.",
  "secondFactor.mail.disabled.body":
    "The second factor of {email} was turned off from {address}. Signing in now asks only for the password. If this was not you, tell another owner of your account at once.",
  "secondFactor.mail.required.subject": "Speed-to-Lead account {account}: second factor setting",
  "secondFactor.mail.requiredOn.body":
    "{email} made a second factor required for every owner of the account {account}. Owners without one set it up at their next page.",
  "secondFactor.mail.requiredOff.body":
    "{email} made the second factor optional for the owners of the account {account}.",
  "account.title": "Account",
  "account.secondFactor.title": "Second factor",
  "account.secondFactor.on":
    "On: signing in asks for your app's code or a passkey after the password. Recovery codes left: {count}.",
  "account.secondFactor.off":
    "Off: signing in asks only for your password. Set up an authenticator app or add a passkey below.",
  "account.secondFactor.remove": "Remove the authenticator app",
  "account.enrol.title": "Set up an authenticator app",
  "account.enrol.step1":
    "Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden).",
  "account.enrol.step2": "Scan this QR code with it, or type the key shown below it.",
  "account.enrol.step3": "Enter the 6-digit code the app then shows.",
  "account.enrol.qrLabel": "QR code of your second-factor key",
  "account.enrol.key": "Key:",
  "account.enrol.submit": "Turn on",
  "account.codes.title": "Your recovery codes",
  "account.codes.once":
    "Keep these codes somewhere safe, away from your phone: each signs you in once if the phone is lost. They are shown only now.",
  "account.codes.renew": "Make new recovery codes",
  "account.require.title": "Every owner of {account}",
  "account.require.label": "Require a second factor",
  "account.require.hint":
    "Owners without one are sent to set it up before they can use any other page. Set up your own first.",
  "account.require.submit": "Save",
  "account.notice.enabled": "The second factor is on.",
  "account.notice.renewed": "New recovery codes are made: the old ones no longer work.",
  "account.notice.removed": "The authenticator app is removed.",
  "account.notice.required":
    "The account {account} requires a second factor of every owner: set one up to continue.",
  "account.notice.requireOn": "Every owner of {account} now needs a second factor.",
  "account.notice.requireOff": "A second factor is now optional for the owners of {account}.",
  "account.notice.requireRefused": "Set up your own second factor before requiring one of every owner.",
  "reconfirm.withCode": "Or confirm with a code",
  "audit.action.second_factor.enabled": "Second factor turned on",
  "audit.action.second_factor.codes_renewed": "Recovery codes renewed",
  "audit.action.second_factor.disabled": "Second factor turned off",
  "audit.action.second_factor.reset": "Second factor reset by the operator",
  "audit.action.account.second_factor_required": "Second factor requirement changed",
  "account.app.title": "Authenticator app",
  "account.app.on": "Set up: sign-in accepts the code your app shows.",
  "passkey.title": "Passkeys",
  "passkey.intro":
    "A passkey lives on your phone, computer or security key and signs you in with its screen lock or a touch, instead of a code.",
  "passkey.name": "Name of the new passkey (optional)",
  "passkey.defaultName": "Passkey",
  "passkey.add": "Add a passkey",
  "passkey.use": "Use a passkey",
  "passkey.remove": "Remove",
  "passkey.removeFor": "Remove the passkey {name}",
  "passkey.tooMany": "You have 10 passkeys, the most allowed: remove one to add another.",
  "passkey.failed": "The passkey did not answer (cancelled, timed out, or none on this device). Try again.",
  "passkey.unsupported": "This browser does not support passkeys.",
  "passkey.refused": "That passkey could not be added. Reload the page and try again.",
  "account.notice.passkeyAdded": "The passkey is added: sign-in accepts it as your second factor.",
  "account.notice.passkeyRemoved": "The passkey is removed.",
  "secondFactor.mail.passkeyAdded.body":
    "A passkey named {name} was added to {email} from {address}. Signing in now accepts it as the second factor. If this was not you, tell another owner of your account at once.",
  "secondFactor.mail.passkeyRemoved.body":
    "The passkey named {name} was removed from {email} from {address}. If this was not you, tell another owner of your account at once.",
  "secondFactor.mail.replayed.subject": "A used Speed-to-Lead sign-in code was tried again",
  "secondFactor.mail.replayed.body":
    "Someone who knew the password of {email} tried, from {address}, a code of your authenticator app that had already been used, and was refused. If it was not you, change your password at once and sign out everywhere from the Sessions page.",
  "account.password.title": "Password",
  "account.password.submit": "Change password",
  "account.notice.password": "Your password is changed; every other session of yours has ended.",
  "audit.action.passkey.added": "Passkey added",
  "audit.action.passkey.removed": "Passkey removed",
} as const;

export const SECOND_FACTOR_ES: Record<keyof typeof SECOND_FACTOR_EN, string> = {
  "nav.account": "Cuenta",
  "secondFactor.code": "Código",
  "secondFactor.codeHint":
    "El código de 6 dígitos que muestra ahora su aplicación de autenticación, o uno de sus códigos de recuperación (cada uno sirve una vez).",
  "secondFactor.codeHintApp": "El código de 6 dígitos que muestra ahora su aplicación de autenticación.",
  "secondFactor.wrong":
    "Este código no es correcto o ya se usó. Espere al siguiente código e inténtelo de nuevo.",
  "secondFactor.locked":
    "Demasiados códigos incorrectos. Inténtelo de nuevo en 15 minutos, o use más tarde un código de recuperación.",
  "secondFactor.signIn.title": "Introduzca su código",
  "secondFactor.signIn.intro":
    "Su contraseña es correcta. Su cuenta tiene un segundo factor: introduzca el código que muestra su aplicación de autenticación.",
  "secondFactor.signIn.submit": "Verificar e iniciar sesión",
  "secondFactor.signIn.restart": "Iniciar sesión de nuevo",
  "secondFactor.signIn.expired":
    "Ese inicio de sesión tardó demasiado o tuvo demasiados códigos incorrectos: inicie sesión de nuevo.",
  "secondFactor.mail.recoveryUsed.subject": "Se usó un código de recuperación para entrar en Speed-to-Lead",
  "secondFactor.mail.recoveryUsed.body":
    "Alguien inició sesión como {email} desde {address} con uno de sus códigos de recuperación. Si fue usted, considere renovar sus códigos en la página Cuenta. Si no fue usted, cierre las demás sesiones desde la página Sesiones y cambie su contraseña de inmediato.",
  "secondFactor.mail.changed.subject": "Su segundo factor de Speed-to-Lead cambió",
  "secondFactor.mail.enabled.body":
    "Se configuró un segundo factor (una aplicación de autenticación) para {email} desde {address}. Ahora el inicio de sesión pide su código. Si no fue usted, avise de inmediato a otro propietario de su cuenta.",
  "secondFactor.mail.codesRenewed.body":
    "Se crearon nuevos códigos de recuperación para {email} desde {address}; los anteriores ya no sirven. Si no fue usted, avise de inmediato a otro propietario de su cuenta.",
  "secondFactor.mail.disabled.body":
    "Se desactivó el segundo factor de {email} desde {address}. Ahora el inicio de sesión solo pide la contraseña. Si no fue usted, avise de inmediato a otro propietario de su cuenta.",
  "secondFactor.mail.required.subject": "Cuenta de Speed-to-Lead {account}: ajuste del segundo factor",
  "secondFactor.mail.requiredOn.body":
    "{email} hizo obligatorio un segundo factor para todos los propietarios de la cuenta {account}. Quien no lo tenga lo configurará en su próxima página.",
  "secondFactor.mail.requiredOff.body":
    "{email} hizo opcional el segundo factor para los propietarios de la cuenta {account}.",
  "account.title": "Cuenta",
  "account.secondFactor.title": "Segundo factor",
  "account.secondFactor.on":
    "Activado: el inicio de sesión pide el código de su aplicación o una llave de acceso después de la contraseña. Códigos de recuperación restantes: {count}.",
  "account.secondFactor.off":
    "Desactivado: el inicio de sesión solo pide su contraseña. Configure una aplicación de autenticación o añada una llave de acceso abajo.",
  "account.secondFactor.remove": "Quitar la aplicación de autenticación",
  "account.enrol.title": "Configurar una aplicación de autenticación",
  "account.enrol.step1":
    "Abra una aplicación de autenticación en su teléfono (por ejemplo Google Authenticator, Microsoft Authenticator, 1Password o Bitwarden).",
  "account.enrol.step2": "Escanee con ella este código QR, o escriba la clave que aparece debajo.",
  "account.enrol.step3": "Introduzca el código de 6 dígitos que muestra entonces la aplicación.",
  "account.enrol.qrLabel": "Código QR de la clave de su segundo factor",
  "account.enrol.key": "Clave:",
  "account.enrol.submit": "Activar",
  "account.codes.title": "Sus códigos de recuperación",
  "account.codes.once":
    "Guarde estos códigos en un lugar seguro, lejos de su teléfono: cada uno le permite entrar una vez si pierde el teléfono. Solo se muestran ahora.",
  "account.codes.renew": "Crear nuevos códigos de recuperación",
  "account.require.title": "Todos los propietarios de {account}",
  "account.require.label": "Exigir un segundo factor",
  "account.require.hint":
    "Quien no lo tenga deberá configurarlo antes de usar cualquier otra página. Configure primero el suyo.",
  "account.require.submit": "Guardar",
  "account.notice.enabled": "El segundo factor está activado.",
  "account.notice.renewed": "Se crearon nuevos códigos de recuperación: los anteriores ya no sirven.",
  "account.notice.removed": "La aplicación de autenticación está quitada.",
  "account.notice.required":
    "La cuenta {account} exige un segundo factor a todos sus propietarios: configure uno para continuar.",
  "account.notice.requireOn": "Todos los propietarios de {account} necesitan ahora un segundo factor.",
  "account.notice.requireOff": "El segundo factor es ahora opcional para los propietarios de {account}.",
  "account.notice.requireRefused":
    "Configure su propio segundo factor antes de exigirlo a todos los propietarios.",
  "reconfirm.withCode": "O confirme con un código",
  "audit.action.second_factor.enabled": "Segundo factor activado",
  "audit.action.second_factor.codes_renewed": "Códigos de recuperación renovados",
  "audit.action.second_factor.disabled": "Segundo factor desactivado",
  "audit.action.second_factor.reset": "Segundo factor restablecido por el operador",
  "audit.action.account.second_factor_required": "Exigencia de segundo factor cambiada",
  "account.app.title": "Aplicación de autenticación",
  "account.app.on": "Configurada: el inicio de sesión acepta el código que muestra su aplicación.",
  "passkey.title": "Llaves de acceso",
  "passkey.intro":
    "Una llave de acceso vive en su teléfono, su computadora o una llave de seguridad y le permite entrar con el bloqueo de pantalla o un toque, en lugar de un código.",
  "passkey.name": "Nombre de la nueva llave de acceso (opcional)",
  "passkey.defaultName": "Llave de acceso",
  "passkey.add": "Añadir una llave de acceso",
  "passkey.use": "Usar una llave de acceso",
  "passkey.remove": "Quitar",
  "passkey.removeFor": "Quitar la llave de acceso {name}",
  "passkey.tooMany": "Tiene 10 llaves de acceso, el máximo permitido: quite una para añadir otra.",
  "passkey.failed":
    "La llave de acceso no respondió (cancelada, sin tiempo, o ninguna en este dispositivo). Inténtelo de nuevo.",
  "passkey.unsupported": "Este navegador no admite llaves de acceso.",
  "passkey.refused": "No se pudo añadir esa llave de acceso. Recargue la página e inténtelo de nuevo.",
  "account.notice.passkeyAdded":
    "La llave de acceso está añadida: el inicio de sesión la acepta como su segundo factor.",
  "account.notice.passkeyRemoved": "La llave de acceso está quitada.",
  "secondFactor.mail.passkeyAdded.body":
    "Se añadió una llave de acceso llamada {name} a {email} desde {address}. Ahora el inicio de sesión la acepta como segundo factor. Si no fue usted, avise de inmediato a otro propietario de su cuenta.",
  "secondFactor.mail.passkeyRemoved.body":
    "Se quitó la llave de acceso llamada {name} de {email} desde {address}. Si no fue usted, avise de inmediato a otro propietario de su cuenta.",
  "secondFactor.mail.replayed.subject": "Se volvió a intentar un código de acceso de Speed-to-Lead ya usado",
  "secondFactor.mail.replayed.body":
    "Alguien que conocía la contraseña de {email} intentó, desde {address}, un código de su aplicación de autenticación que ya se había usado, y se le rechazó. Si no fue usted, cambie su contraseña de inmediato y cierre las demás sesiones desde la página Sesiones.",
  "account.password.title": "Contraseña",
  "account.password.submit": "Cambiar la contraseña",
  "account.notice.password": "Su contraseña está cambiada; todas sus demás sesiones se cerraron.",
  "audit.action.passkey.added": "Llave de acceso añadida",
  "audit.action.passkey.removed": "Llave de acceso quitada",
};
