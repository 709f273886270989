{{/* The name of a component's objects: <release>-<component>. */}}
{{- define "threadline.fullname" -}}
{{- printf "%s-%s" (index . 0).Release.Name (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of a component's objects; (list $ "component"). */}}
{{- define "threadline.labels" -}}
{{ include "threadline.selector" . }}
app.kubernetes.io/part-of: threadline
app.kubernetes.io/version: {{ (index . 0).Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ (index . 0).Release.Service }}
helm.sh/chart: {{ printf "%s-%s" (index . 0).Chart.Name (index . 0).Chart.Version }}
{{- end -}}

{{/* The labels a component's pods are selected by. */}}
{{- define "threadline.selector" -}}
app.kubernetes.io/name: {{ index . 1 }}
app.kubernetes.io/instance: {{ (index . 0).Release.Name }}
{{- end -}}

{{/* The services' shared settings (the ConfigMap). */}}
{{- define "threadline.configName" -}}
{{ include "threadline.fullname" (list . "config") }}
{{- end -}}

{{- define "threadline.registryUrl" -}}
{{- if .Values.schemaRegistry.deploy -}}
http://{{ include "threadline.fullname" (list . "registry") }}:8080/apis/ccompat/v7
{{- else -}}
{{- required "schemaRegistry.url is required when schemaRegistry.deploy is false" .Values.schemaRegistry.url -}}
{{- end -}}
{{- end -}}

{{- define "threadline.sasl" -}}
{{- hasPrefix "SASL" .Values.kafka.securityProtocol -}}
{{- end -}}

{{/* A service's own Kafka credentials; (list $ "userSecretsKey"). */}}
{{- define "threadline.kafkaCredentials" -}}
{{- $ := index . 0 -}}
{{- if eq (include "threadline.sasl" $) "true" }}
- name: THREADLINE_KAFKA_SASL_JAAS_CONFIG
  valueFrom:
    secretKeyRef: {name: {{ index $.Values.kafka.userSecrets (index . 1) }}, key: sasl.jaas.config}
{{- end }}
{{- end -}}

{{/* Every pod's security context, image pull secrets and writable /tmp. */}}
{{- define "threadline.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{- define "threadline.containerSecurity" -}}
securityContext:
  {{- toYaml .Values.containerSecurityContext | nindent 2 }}
{{- end -}}

{{/* Volumes every service pod has: /tmp (the root filesystem is read-only) and the brokers' CA. */}}
{{- define "threadline.baseVolumes" -}}
- name: tmp
  emptyDir: {}
{{- if .Values.kafka.caSecret }}
- name: kafka-ca
  secret: {secretName: {{ .Values.kafka.caSecret }}}
{{- end }}
{{- end -}}

{{- define "threadline.baseMounts" -}}
- {name: tmp, mountPath: /tmp}
{{- if .Values.kafka.caSecret }}
- {name: kafka-ca, mountPath: /etc/threadline/kafka-ca, readOnly: true}
{{- end }}
{{- end -}}

{{- define "threadline.filesVolume" -}}
- name: files
{{- if eq .Values.files.store "s3" }}
  emptyDir: {}
{{- else }}
  persistentVolumeClaim:
    claimName: {{ .Values.files.existingClaim | default (include "threadline.fullname" (list . "files")) }}
{{- end }}
{{- end -}}

{{/* The object store's keys, from their Secret, when files are on S3 with keys of their own. */}}
{{- define "threadline.filesCredentials" -}}
{{- if and (eq .Values.files.store "s3") .Values.files.s3.credentialsSecret }}
- name: THREADLINE_FILES_S3_ACCESS_KEY
  valueFrom:
    secretKeyRef: {name: {{ .Values.files.s3.credentialsSecret }}, key: access-key}
- name: THREADLINE_FILES_S3_SECRET_KEY
  valueFrom:
    secretKeyRef: {name: {{ .Values.files.s3.credentialsSecret }}, key: secret-key}
{{- end }}
{{- end -}}

{{/* The ops port's probes (the step processor, executor and projector). */}}
{{- define "threadline.opsProbes" -}}
readinessProbe:
  httpGet: {path: /health/ready, port: ops}
livenessProbe:
  httpGet: {path: /health/live, port: ops}
  periodSeconds: 20
  failureThreshold: 6
{{- end -}}

{{- define "threadline.servicesImage" -}}
{{ .Values.image.services.repository }}:{{ .Values.image.services.tag }}
{{- end -}}

{{/* The API keys: from the environment, or a mounted Secret read again when it changes. */}}
{{- define "threadline.apiKeysEnv" -}}
{{- if .Values.secrets.apiKeysAsFile }}
- {name: THREADLINE_API_KEYS_FILE, value: /etc/threadline/api-keys/api-keys}
{{- else }}
- name: THREADLINE_API_KEYS
  valueFrom:
    secretKeyRef: {name: {{ .Values.secrets.apiKeys }}, key: api-keys}
{{- end }}
{{- end -}}

{{- define "threadline.apiKeysMount" -}}
{{- if .Values.secrets.apiKeysAsFile }}
- {name: api-keys, mountPath: /etc/threadline/api-keys, readOnly: true}
{{- end }}
{{- end -}}

{{- define "threadline.apiKeysVolume" -}}
{{- if .Values.secrets.apiKeysAsFile }}
- name: api-keys
  secret: {secretName: {{ .Values.secrets.apiKeys }}}
{{- end }}
{{- end -}}
