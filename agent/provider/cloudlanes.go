package provider

import (
	"errors"

	"github.com/kin-companion/kin/agent/provider/openai"
)

// Defaults of the Azure OpenAI and Ollama Cloud lanes.
const (
	// DefaultAzureAPIVersion is the Azure OpenAI API version used when
	// OPENAI_API_VERSION is not set: the latest generally available one.
	DefaultAzureAPIVersion = "2024-10-21"
	// DefaultOllamaCloudURL is Ollama Cloud's OpenAI-compatible API.
	DefaultOllamaCloudURL = "https://ollama.com/v1/"
	// DefaultOllamaCloudModel is used when no model is given.
	DefaultOllamaCloudModel = "gpt-oss:120b"
)

// azureProvider builds the Azure OpenAI lane from the options and the
// environment: the endpoint (--base-url or AZURE_OPENAI_ENDPOINT), the
// deployment (--model or AZURE_OPENAI_DEPLOYMENT) and the API version
// (OPENAI_API_VERSION).
func azureProvider(o Options, key string) (*openai.Provider, error) {
	endpoint := o.BaseURL
	if endpoint == "" {
		endpoint = o.Getenv("AZURE_OPENAI_ENDPOINT")
	}
	deployment := o.Model
	if deployment == "" {
		deployment = o.Getenv("AZURE_OPENAI_DEPLOYMENT")
	}
	version := o.Getenv("OPENAI_API_VERSION")
	if version == "" {
		version = DefaultAzureAPIVersion
	}
	switch {
	case key == "":
		return nil, errors.New("provider azure needs AZURE_OPENAI_API_KEY (the key of your Azure OpenAI resource)")
	case endpoint == "":
		return nil, errors.New("provider azure needs AZURE_OPENAI_ENDPOINT (https://RESOURCE.openai.azure.com) or --base-url")
	case deployment == "":
		return nil, errors.New("provider azure needs the deployment's name in AZURE_OPENAI_DEPLOYMENT or --model")
	}
	if err := checkBaseURL(endpoint, "AZURE_OPENAI_ENDPOINT or --base-url"); err != nil {
		return nil, err
	}
	return openai.New(openai.Config{Label: Azure, APIKey: key, Model: deployment, HTTPClient: o.HTTPClient,
		Azure: &openai.Azure{Endpoint: endpoint, APIVersion: version}}), nil
}

// ollamaCloud builds the Ollama Cloud lane: ollama.com's OpenAI-compatible
// API (or --base-url) with OLLAMA_API_KEY as the bearer key.
func ollamaCloud(o Options, key string) (*openai.Provider, error) {
	if key == "" {
		return nil, errors.New("provider ollama-cloud needs OLLAMA_API_KEY (make one at https://ollama.com/settings/keys)")
	}
	base := DefaultOllamaCloudURL
	if o.BaseURL != "" {
		base = openAIBase(o.BaseURL)
	}
	model := o.Model
	if model == "" {
		model = DefaultOllamaCloudModel
	}
	return openai.New(openai.Config{Label: OllamaCloud, APIKey: key, Model: model, BaseURL: base,
		HTTPClient: o.HTTPClient, NoToolChoice: true}), nil
}
